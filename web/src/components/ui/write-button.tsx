// A button that changes data. While the admin is offline it is paused, and says why: the
// reason is its description and tooltip, and the offline banner shows it too.
import type { ButtonHTMLAttributes } from 'react';
import { OFFLINE_WRITE_REASON, useWritesPaused } from '../../lib/offline-data';
import { Button, type ButtonSize, type ButtonVariant } from './button';

export const OFFLINE_REASON_ID = 'offline-write-reason';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function WriteButton({ disabled, title, ...props }: Props) {
  const paused = useWritesPaused();
  return (
    <Button
      {...props}
      disabled={disabled || paused}
      title={paused ? OFFLINE_WRITE_REASON : title}
      aria-describedby={paused ? OFFLINE_REASON_ID : props['aria-describedby']}
    />
  );
}
