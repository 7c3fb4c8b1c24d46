// The state of the person being captured: the typed fields and their errors. Typing into a field clears its
// error. While the previous capture is being stored (a hand-over) the rep may already type the next person:
// those fields are remembered, and clearing the form after the save keeps them.
//
// "Typed" is read from the input event, not from a change: a field typed over with the value it already shows
// (the next person is also called Alpha) fires no React change, and would otherwise be emptied as the last
// person's. And the hand-over lasts until the render that clears the form, not until the store answers: a field
// typed in between is the next person's too.
import { useRef, useState } from 'react';
import { EMPTY_FIELDS, idOf, type Field, type FieldErrors, type FieldValues } from './capture-fields';

export function useCaptureFields({ onTyped }: { onTyped: (field: Field) => void }) {
  const [values, setValues] = useState<FieldValues>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const handingOver = useRef(false);
  // Fields typed into during a hand-over: they already belong to the next person.
  const typedWhileSaving = useRef(new Set<Field>());

  const markTyped = (field: Field) => {
    if (handingOver.current) typedWhileSaving.current.add(field);
  };

  /** The props of a field's control: its id, value, error and input handlers. */
  const bind = (field: Field) => ({
    id: idOf(field),
    name: field,
    value: values[field],
    error: errors[field],
    onInput: () => markTyped(field),
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      markTyped(field);
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
      if (!saved) {
        handingOver.current = false;
        return false;
      }
      const typingNext = typedWhileSaving.current.size > 0;
      // The hand-over ends at the render that clears the form, and what was typed is read there, so a field typed
      // since the store answered is kept as well (run twice by development's strict mode, it does the same).
      setValues((current) => {
        handingOver.current = false;
        const next = { ...EMPTY_FIELDS };
        for (const field of typedWhileSaving.current) next[field] = current[field];
        return next;
      });
      setErrors({});
      return typingNext;
    },
  };
}
