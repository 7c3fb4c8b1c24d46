// The event the rep is at, set once and remembered on the device. Names of events captured on
// this device before are offered as suggestions, so "MBA Annual 2026" is not typed three ways.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { captureInputSchema, fieldErrors } from '@contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { useCaptureStore } from '../capture-store';

export function EventPicker({ onDone }: { onDone?: () => void }) {
  const current = useCaptureStore((s) => s.eventName);
  const captures = useCaptureStore((s) => s.captures);
  const setEvent = useCaptureStore((s) => s.setEvent);
  const [name, setName] = useState(current ?? '');
  const [error, setError] = useState<string | undefined>();
  const listId = useId();
  const known = useMemo(() => [...new Set(captures.map((c) => c.eventName))], [captures]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = captureInputSchema.shape.eventName.safeParse(name);
    if (!parsed.success) {
      setError(Object.values(fieldErrors(parsed.error))[0] ?? 'Event name is required');
      document.getElementById('capture-event-name')?.focus();
      return;
    }
    setEvent(parsed.data);
    onDone?.();
    // The form for the first person is on screen now: start there.
    requestAnimationFrame(() => document.getElementById('capture-firstName')?.focus());
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Event" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <TextField
        id="capture-event-name"
        label="Event name"
        required
        hint="For example MBA Annual 2026. It stays set on this device until you change it. Captures are saved on this device, also offline, and sent by themselves when the connection allows."
        list={known.length ? listId : undefined}
        autoComplete="off"
        value={name}
        error={error}
        onChange={(e) => {
          setName(e.target.value);
          setError(undefined);
        }}
      />
      {known.length ? (
        <datalist id={listId}>
          {known.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" className="flex-1 sm:flex-none">
          {current ? 'Change event' : 'Start capturing'}
        </Button>
        {current && onDone ? (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
