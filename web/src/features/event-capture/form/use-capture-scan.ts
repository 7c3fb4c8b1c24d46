// Scan merging: the Scan button's outcome folded into the fields (scan-merge.ts), the badge kept with the person
// for their capture, and what the scan did said in one note. The fields a scan filled stay the scan's until the
// rep changes them, so a second scan may replace those, never what the rep typed.
import { useState } from 'react';
import { useCaptureStore } from '../capture-store';
import type { CaptureScan } from '../capture-types';
import { SCAN_MARKS, useBadgeScan, type ScanOutcome } from '../use-badge-scan';
import { idOf, SAVE_BUTTON_ID, type Field, type FieldValues } from './capture-fields';
import { focusAfterDialog } from './capture-focus';
import { firstGap, isDuplicateScan, mergeScan } from './scan-merge';

/** What the note under the Scan button says about the last scan. */
export type ScanNoteData = ScanOutcome & { filled: Field[]; kept: Field[]; duplicate: boolean };

interface Options {
  eventName: string;
  values: FieldValues;
  /** The merged values and the fields the scan filled. */
  onFill: (next: FieldValues, filled: readonly Field[]) => void;
}

export function useCaptureScan({ eventName, values, onFill }: Options) {
  const captures = useCaptureStore((s) => s.captures);
  // The badge behind the current person, and the fields its scan filled that the rep has not changed since.
  const [scan, setScan] = useState<CaptureScan | null>(null);
  const [scanFilled, setScanFilled] = useState<ReadonlySet<Field>>(new Set());
  const [note, setNote] = useState<ScanNoteData | null>(null);

  const scanner = useBadgeScan({
    onScanned: (outcome) => {
      const { next, filled, kept } = mergeScan(values, scanFilled, outcome.contact);
      onFill(next, filled);
      performance.mark(SCAN_MARKS.filled);
      setScan(outcome.scan);
      setScanFilled(new Set(filled));
      setNote({ ...outcome, filled, kept, duplicate: isDuplicateScan(captures, eventName, outcome) });
      // "More details" stays as it was (its summary counts what was filled), so the names the rep checks and
      // Save stay in the first screen. The rep completes from the first field the badge did not give; with
      // all given, Save is next.
      const gap = firstGap(next);
      focusAfterDialog(gap ? idOf(gap) : SAVE_BUTTON_ID);
    },
  });

  return {
    scanner,
    scan,
    note,
    /** The rep changed this field: it is theirs now, and a later scan leaves it alone. */
    typed(field: Field): void {
      if (scanFilled.has(field)) setScanFilled((s) => new Set([...s].filter((f) => f !== field)));
    },
    /** The person was saved: the next one starts without a badge. */
    reset(): void {
      setScan(null);
      setScanFilled(new Set());
      setNote(null);
    },
  };
}
