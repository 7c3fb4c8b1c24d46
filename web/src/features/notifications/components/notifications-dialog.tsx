// "Notifications" from the account menu: one switch turns them on (the browser asks for its permission on that
// press, never before), and a table chooses, per kind, a browser notification, an e-mail, both or neither. The
// choices are the person's, on every device; the permission and push are this device's.
import { useEffect } from 'react';
import type { NotificationKind } from '@contract';
import { Modal } from '../../../components/ui/dialog';
import { ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { SwitchField } from '../../../components/ui/switch-field';
import { useNotificationsStore } from '../notifications-store';

const KINDS: { kind: NotificationKind; label: string; adminsOnly: boolean }[] = [
  { kind: 'leads', label: 'New leads', adminsOnly: true },
  { kind: 'samples', label: 'Sample requests', adminsOnly: true },
  { kind: 'captures', label: 'Event captures', adminsOnly: false },
  { kind: 'crmFailures', label: 'CRM sync failures', adminsOnly: true },
];

export function NotificationsDialog({ open, onClose, isAdmin }: { open: boolean; onClose: () => void; isAdmin: boolean }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Notifications"
      description="A notification when something arrives while the app is in the background or closed, an e-mail when you are away from it, or both."
    >
      <NotificationSettings isAdmin={isAdmin} />
    </Modal>
  );
}

function NotificationSettings({ isAdmin }: { isAdmin: boolean }) {
  const s = useNotificationsStore();
  useEffect(() => useNotificationsStore.getState().ensureLoaded(), []);
  if (s.status === 'error' && !s.prefs) return <ErrorPanel title="Your notification settings could not be loaded." detail={s.error} />;
  if (!s.prefs) return <LoadingText>Loading your notification settings...</LoadingText>;
  const on = s.prefs.enabled && s.permission === 'granted';
  return (
    <div className="space-y-5" aria-busy={s.saving}>
      <SwitchField
        label="Notifications on this device"
        hint={s.prefs.enabled && s.permission !== 'granted' ? 'On for your other devices; turn on to allow this one.' : undefined}
        checked={on}
        onChange={(wanted) => void (wanted ? s.turnOn() : s.turnOff())}
      />
      {s.deviceNote ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {s.deviceNote}
        </p>
      ) : null}
      <table className="w-full border-collapse text-sm">
        <caption className="mb-2 text-left text-sm font-semibold text-slate-900">Tell me about</caption>
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-2 text-left font-medium">
              <span className="sr-only">What</span>
            </th>
            <th scope="col" className="w-20 py-2 text-center font-medium">
              Browser
            </th>
            <th scope="col" className="w-20 py-2 text-center font-medium">
              E-mail
            </th>
          </tr>
        </thead>
        <tbody>
          {KINDS.filter((k) => isAdmin || !k.adminsOnly).map(({ kind, label }) => (
            <tr key={kind} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-1 pr-2 text-left font-medium text-slate-800">
                {label}
              </th>
              <td className="text-center">
                <ChoiceBox label={`${label} by browser notification`} checked={s.prefs![kind]} onChange={(wanted) => void s.setKind(kind, wanted)} />
              </td>
              <td className="text-center">
                <ChoiceBox label={`${label} by e-mail`} checked={s.prefs!.email[kind]} onChange={(wanted) => void s.setEmailKind(kind, wanted)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-slate-600">Browser: on each device where notifications are on. E-mail: to your sign-in address; each e-mail has a link to stop that kind.</p>
      {!isAdmin ? <p className="text-xs text-slate-500">As a rep you hear about your own captures.</p> : null}
      {s.error ? (
        <p role="alert" className="text-sm text-red-700">
          {s.error}
        </p>
      ) : null}
    </div>
  );
}

/** A native checkbox in a 44 px target, named by its row and column (the table's headers say the same to the eye). */
function ChoiceBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline-flex h-11 w-11 cursor-pointer items-center justify-center">
      <input
        type="checkbox"
        aria-label={label}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-5 w-5 cursor-pointer rounded border-slate-400 accent-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      />
    </label>
  );
}
