// Saving: the checked capture stored on this device (outbox and capture list, never waiting on the network)
// with the draft's photo, the draft then reset, and what happened said: "Saved …" for a few seconds where the
// rep looks, or why the device refused (storage full, private mode) with nothing lost from the form. A second
// Save while one is being stored is not stored beside it: the form decides what it means (capture-form.tsx).
import { useRef, useState } from 'react';
import { useCaptureDraft } from '../capture-draft';
import { useCaptureStore } from '../capture-store';
import type { CaptureFields, CaptureScan } from '../capture-types';

/** The confirmation of the last save; `serial` tells two saves of the same name apart. */
export interface SavedConfirmation {
  text: string;
  serial: number;
}

export function useCaptureSave() {
  const save = useCaptureStore((s) => s.save);
  const saving = useRef(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<SavedConfirmation | null>(null);

  return {
    error,
    confirmation,
    busy: (): boolean => saving.current,
    clearConfirmation: (): void => setConfirmation(null),
    /** Stores the capture; resolves whether it was saved. */
    async save(fields: CaptureFields, scan: CaptureScan | null): Promise<boolean> {
      saving.current = true;
      try {
        await save(fields, scan ?? undefined, useCaptureDraft.getState().photo);
        useCaptureDraft.getState().reset();
        setError(null);
        setConfirmation((last) => ({ text: `Saved ${fields.firstName} ${fields.lastName}. Ready for the next person.`, serial: (last?.serial ?? 0) + 1 }));
        return true;
      } catch (failure) {
        // IndexedDB refused (storage full, private mode): keep what was typed, say so plainly.
        setError(`Could not save on this device: ${failure instanceof Error ? failure.message : String(failure)}. Nothing was lost from the form; try again, or write it down.`);
        return false;
      } finally {
        saving.current = false;
      }
    },
  };
}
