// Labelled inputs whose error text is tied to the field (aria-describedby, aria-invalid) and shown in red
// under it. A text area with a limit says how much room is left once the text nears it, before a send is refused.
import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

// One look for every field a person types into or chooses from, and one height for the single-line ones: a
// select's own box is a few pixels shorter than a text input's, so a row mixing them (a form's two columns,
// the dashboard's search beside its filters) would not line up. Controls outside these fields use them too.

/** Border, padding, colours and focus ring of inputs, selects and text areas. */
const CONTROL =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-invalid:border-red-600 aria-invalid:ring-red-600/20';

/** Text inputs and selects: the look above at the one height they share (42 px, a text input's own). */
export const LINE_CONTROL = `${CONTROL} h-10.5`;

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, required, children }: FieldShellProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
      </label>
      {children}
      {hint && !error ? <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode, extra?: string) {
  return [error ? `${id}-error` : hint ? `${id}-hint` : undefined, extra].filter(Boolean).join(' ') || undefined;
}

/** The counter shows from this share of the limit on: earlier it would only be noise. */
const COUNTER_FROM = 0.8;
/** A screen reader hears the count once typing pauses, not at every key. */
const ANNOUNCE_AFTER_MS = 1000;

/** "1,234 characters left" or "56 characters too many", counted as the server counts (trimmed); '' far from the limit. */
function roomLeft(length: number, max: number): string {
  if (length < max * COUNTER_FROM) return '';
  const left = max - length;
  const n = Math.abs(left);
  return `${n.toLocaleString('en-US')} character${n === 1 ? '' : 's'} ${left < 0 ? 'too many' : 'left'}`;
}

/** The count under a text area with a limit: shown as the text nears the limit, red past it, announced once typing pauses. */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const text = roomLeft(length, max);
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(text), ANNOUNCE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <>
      {text ? (
        <p id={id} aria-hidden="true" className={`text-xs ${length > max ? 'font-medium text-red-700' : 'text-slate-600'}`}>
          {text}
        </p>
      ) : null}
      <span className="sr-only" aria-live="polite">
        {announced}
      </span>
    </>
  );
}

type Common = { label: ReactNode; error?: string; hint?: ReactNode };

export function TextField({ label, error, hint, id: givenId, className = '', ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={props.required}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={`${LINE_CONTROL} ${className}`} {...props} />
    </FieldShell>
  );
}

/** `maxChars`: the server's limit for the text, counted down under the box as it nears (not `maxLength`, which would cut a paste short unseen). */
export function TextAreaField({ label, error, hint, id: givenId, className = '', maxChars, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { maxChars?: number }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const length = String(props.value ?? '').trim().length;
  const countId = maxChars && roomLeft(length, maxChars) ? `${id}-count` : undefined;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={props.required}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint, countId)} className={`${CONTROL} ${className}`} {...props} />
      {maxChars ? <CharacterCount id={`${id}-count`} length={length} max={maxChars} /> : null}
    </FieldShell>
  );
}

export function SelectField({ label, error, hint, id: givenId, className = '', children, ...props }: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={props.required}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, error, hint)} className={`${LINE_CONTROL} ${className}`} {...props}>
        {children}
      </select>
    </FieldShell>
  );
}
