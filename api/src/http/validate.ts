// Parses input with a contract schema; a failure is a 400 `{ message, errors: { field: message } }`.
import type * as z from 'zod/mini';
import { fieldErrors } from '../contract';
import { AppError } from './errors';

export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const first = Object.entries(errors)[0];
  const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid request';
  throw new AppError('validation', message, { errors });
}

export function parseId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('not_found', 'Not found');
  return id;
}
