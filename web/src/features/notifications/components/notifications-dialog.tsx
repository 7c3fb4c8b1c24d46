// "Notifications" from the account menu: one switch turns them on (the browser asks for its permission on that
// press, never before), and four choose what to hear about. The choices are the person's, on every device;
// the permission and push are this device's.
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
    <Modal open={open} onClose={onClose} title="Notifications" description="A notification when something arrives while the app is in the background or closed.">
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
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Tell me about</legend>
        {KINDS.filter((k) => isAdmin || !k.adminsOnly).map(({ kind, label }) => (
          <SwitchField key={kind} label={label} checked={s.prefs![kind]} onChange={(wanted) => void s.setKind(kind, wanted)} />
        ))}
      </fieldset>
      {!isAdmin ? <p className="text-xs text-slate-500">As a rep you hear about your own captures.</p> : null}
      {s.error ? (
        <p role="alert" className="text-sm text-red-700">
          {s.error}
        </p>
      ) : null}
    </div>
  );
}
