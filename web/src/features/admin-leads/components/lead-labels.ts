// Human labels for the stored enumeration values, from the one contract module.
import { INDUSTRIES, VOLUMES } from '@contract';

export function industryLabel(value: string | null): string | null {
  if (!value) return null;
  return INDUSTRIES.find((i) => i.value === value)?.label ?? value;
}

/** The table's Volume column already says what the unit is, so "pieces / month" is left off. */
export function volumeLabel(value: string | null): string | null {
  if (!value) return null;
  const label = VOLUMES.find((v) => v.value === value)?.label;
  return label ? label.replace(/ pieces \/ month$/, '') : value;
}
