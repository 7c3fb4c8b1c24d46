// Field building blocks: every string is trimmed before it is checked (spec §5), optional ones turn '' into undefined.
import * as z from 'zod/mini';
import { LIMITS } from './constants';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  z.maxLength(LIMITS.email, `Must be at most ${LIMITS.email} characters`),
  z.regex(EMAIL_PATTERN, 'Please enter a valid email'),
);

export const optionalUrl = z.optional(
  z.pipe(
    z.string({ error: 'Must be a URL' }).check(
      z.trim(),
      z.maxLength(LIMITS.url, `Must be at most ${LIMITS.url} characters`),
      z.refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Please enter a valid URL (http:// or https://)'),
    ),
    z.transform((v) => (v === '' ? undefined : v)),
  ),
);
