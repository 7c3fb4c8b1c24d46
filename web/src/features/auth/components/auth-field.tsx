// A labelled input whose error is tied to it (aria-describedby, aria-invalid) and shown in red under it.
// Same props and look as the shared TextField of components/ui, which can replace it once both are merged.
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { LINE_CONTROL } from '../../../components/ui/form-field';

type Props = { label: ReactNode; error?: string; hint?: ReactNode; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>;

export function AuthField({ label, error, hint, id: givenId, className = '', ...props }: Props) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={`${LINE_CONTROL} ${className}`} {...props} />
      {hint && !error ? <p id={`${id}-hint`} className="text-xs text-slate-500">{hint}</p> : null}
      {error ? <p id={`${id}-error`} className="text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

/** The account's e-mail, as every sign-in form asks for it (the password manager's username). */
export function EmailField(props: Omit<Props, 'label' | 'type'>) {
  return <AuthField label="Email" type="email" name="email" autoComplete="username" inputMode="email" required {...props} />;
}

export function SubmitButton({ busy, children, busyText }: { busy: boolean; children: ReactNode; busyText: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {busy ? busyText : children}
    </button>
  );
}

/** The form-level message (wrong password, too many attempts…), announced when it appears. */
export function FormAlert({ id, message }: { id: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </div>
  );
}
