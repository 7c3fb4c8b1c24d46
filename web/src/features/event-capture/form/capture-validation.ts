// Checking a capture before it is stored: the server's own schema over the typed fields, the draft beside them
// (qualification, consent) and the event, so what the device keeps is what the server will accept.
import { captureInputSchema, fieldErrors } from '@contract';
import { draftFields } from '../capture-draft';
import type { CaptureFields } from '../capture-types';
import { ORDER, type Field, type FieldErrors, type FieldValues } from './capture-fields';

export type CaptureCheck = { ok: true; fields: CaptureFields } | { ok: false; errors: FieldErrors; first: Field | undefined };

export function checkCapture(values: FieldValues, eventName: string): CaptureCheck {
  const parsed = captureInputSchema.safeParse({ ...values, ...draftFields(), eventName });
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error) as FieldErrors;
    return { ok: false, errors, first: ORDER.find((f) => errors[f]) };
  }
  const { eventName: _event, ...fields } = parsed.data;
  return { ok: true, fields };
}
