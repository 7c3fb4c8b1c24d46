// What a badge scan does to the fields: it fills what is empty or what an earlier scan filled and the rep has
// not changed since, and never replaces what the rep typed (those fields are "kept" and said so).
import { normaliseEmail } from '@contract';
import type { CaptureRecord } from '../capture-types';
import type { ScanOutcome } from '../use-badge-scan';
import { DETAILS, ORDER, type Field, type FieldValues } from './capture-fields';

export interface ScanMerge {
  next: FieldValues;
  /** The fields the scan filled, in the form's order. */
  filled: Field[];
  /** Fields the badge had a different value for, left as the rep typed them. */
  kept: Field[];
}

/** `scanFilled`: the fields the last scan filled and the rep has not changed since. */
export function mergeScan(values: FieldValues, scanFilled: ReadonlySet<Field>, contact: ScanOutcome['contact']): ScanMerge {
  const next = { ...values };
  const filled = new Set<Field>();
  const kept: Field[] = [];
  for (const [field, value] of Object.entries(contact) as [Field, string][]) {
    if (!values[field] || scanFilled.has(field)) {
      next[field] = value;
      filled.add(field);
    } else if (values[field] !== value) kept.push(field);
  }
  return { next, filled: ORDER.filter((f) => filled.has(f)), kept };
}

/**
 * Whether this person is already captured at the event on this device: the same person as the server decides
 * it (a second capture at the event merges), by the same normalised address, or the same badge.
 */
export function isDuplicateScan(captures: readonly CaptureRecord[], eventName: string, outcome: ScanOutcome): boolean {
  const email = outcome.contact.email && normaliseEmail(outcome.contact.email);
  return captures.some((c) => c.eventName === eventName && ((email && normaliseEmail(c.fields.email) === email) || c.scan?.rawPayload === outcome.scan.rawPayload));
}

/** The first field of the first screen the badge left empty: where the rep completes from (none: Save is next). */
export function firstGap(values: FieldValues): Field | undefined {
  return ORDER.find((f) => !DETAILS.includes(f) && !values[f]);
}
