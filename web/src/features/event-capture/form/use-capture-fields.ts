// The state of the person being captured: the typed fields and their errors. Typing into a field clears its
// error. While the previous capture is being stored (a hand-over) the rep may already type the next person:
// those fields are remembered, and clearing the form after the save keeps them.
import { useRef, useState } from 'react';
import { EMPTY_FIELDS, idOf, type Field, type FieldErrors, type FieldValues } from './capture-fields';

export function useCaptureFields({ onTyped }: { onTyped: (field: Field) => void }) {
  const [values, setValues] = useState<FieldValues>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const handingOver = useRef(false);
  // Fields typed into during a hand-over: they already belong to the next person.
  const typedWhileSaving = useRef(new Set<Field>());

  /** The props of a field's control: its id, value, error and change handler. */
  const bind = (field: Field) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      if (handingOver.current) typedWhileSaving.current.add(field);
      setValues((v) => ({ ...v, [field]: value }));
      onTyped(field);
      if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
    },
  });

  return {
    values,
    errors,
    bind,
    showErrors: setErrors,
    /** New values from a scan; the errors of the fields it filled go. */
    fill(next: FieldValues, filled: readonly Field[]): void {
      setValues(next);
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([f]) => !filled.includes(f as Field))));
    },
    /** The capture is being stored: typing from now on is the next person's. */
    beginHandOver(): void {
      handingOver.current = true;
      typedWhileSaving.current.clear();
    },
    /**
     * The store answered. Once saved, the form empties but for what was typed meanwhile; returns whether
     * anything was kept (the rep is already on the next person). Not saved, everything stays as typed.
     */
    endHandOver(saved: boolean): boolean {
      handingOver.current = false;
      if (!saved) return false;
      const kept = new Set(typedWhileSaving.current);
      setValues((current) => {
        const next = { ...EMPTY_FIELDS };
        for (const field of kept) next[field] = current[field];
        return next;
      });
      setErrors({});
      return kept.size > 0;
    },
  };
}
