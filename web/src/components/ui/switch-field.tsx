// An on/off setting on Headless UI's Switch: role="switch", Space toggles it, the label names it, the hint describes it.
import { Description, Field, Label, Switch } from '@headlessui/react';
import type { ReactNode } from 'react';

interface SwitchFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  /** Not changeable now (offline, or saving); `disabledReason` says why. */
  disabled?: boolean;
  disabledReason?: string;
}

export function SwitchField({ label, checked, onChange, hint, disabled = false, disabledReason }: SwitchFieldProps) {
  return (
    <Field disabled={disabled} className="flex items-center justify-between gap-4">
      <span className="flex flex-col">
        <Label className="text-sm font-medium text-slate-800">{label}</Label>
        {hint ? <Description className="text-xs text-slate-500">{hint}</Description> : null}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        title={disabled ? disabledReason : undefined}
        className="group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-500 transition-colors data-checked:bg-brand-700 data-disabled:cursor-not-allowed data-disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span
          aria-hidden="true"
          className="pointer-events-none mt-0.5 ml-0.5 inline-block h-5 w-5 rounded-full bg-white shadow ring-0 transition-transform group-data-checked:translate-x-5"
        />
      </Switch>
    </Field>
  );
}
