// Field building blocks: every string is trimmed before it is checked, optional ones turn '' into undefined.
import * as z from 'zod/mini';
import { LIMITS } from './constants';
import { EMAIL_PATTERN } from './email';

/**
 * A length check that stops the checks after it (zod runs every check by default, even after one failed),
 * so no later pattern ever sees an oversized string.
 */
export const maxLengthFirst = (max: number) => z.maxLength(max, { error: `Must be at most ${max} characters`, abort: true });

export function requiredText(message: string, max: number) {
  return z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, `Must be at most ${max} characters`),
  );
}

export function optionalText(max: number) {
  return z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`)),
      z.transform((v) => (v === '' ? undefined : v)),
    ),
  );
}

/**
 * What a search box sends: optional text without NUL, a character neither database holds in text (PostgreSQL
 * refuses it, SQLite's full-text index stops at it), so a pasted one is a clear 400, not a failed query.
 */
export function searchText(max: number) {
  return z.optional(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(max, `Must be at most ${max} characters`), z.refine((v) => !v.includes('\u0000'), 'Search must not contain a NUL character')),
      z.transform((v) => (v === '' ? undefined : v)),
    ),
  );
}

/** Optional text trimmed and cut to `max` characters instead of refused; '' counts as not given. */
export function clippedText(max: number) {
  return z.optional(
    z.pipe(
      z.string().check(z.trim()),
      z.transform((v) => (v === '' ? undefined : v.slice(0, max))),
    ),
  );
}

/** An optional enumeration; the empty string a blank <select> sends counts as "not given". */
export function optionalEnum<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.optional(
    z.pipe(
      z.pipe(z.string({ error: message }).check(z.trim()), z.transform((v) => (v === '' ? undefined : v))),
      z.optional(z.enum(values, { error: message })),
    ),
  );
}

export const emailField = z.string({ error: 'Email is required' }).check(
  z.trim(),
  z.minLength(1, 'Email is required'),
  maxLengthFirst(LIMITS.email),
  z.regex(EMAIL_PATTERN, 'Please enter a valid email'),
);
