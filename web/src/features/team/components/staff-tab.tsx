// The Staff tab: Invite, then every account as a card; the dialogs for inviting, showing a new link, confirming
// a change that ends access, and a member's devices.
import { useState, type ReactNode } from 'react';
import type { StaffMember } from '@contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { WriteButton } from '../../../components/ui/write-button';
import { showMemberDevices } from '../devices-store';
import { useTeamStore, type StaffAction } from '../team-store';
import { InviteDialog } from './invite-dialog';
import { LinkDialog } from './link-dialog';
import { MemberDevicesDialog } from './member-devices-dialog';
import { StaffCard } from './staff-card';

/** What each change that needs a second thought says before it happens; the rest happen at once. */
function confirmation(member: StaffMember, action: StaffAction): { title: string; body: ReactNode; confirm: string; tone: 'danger' | 'primary' } | null {
  switch (action) {
    case 'deactivate':
      return {
        title: `Deactivate ${member.name}?`,
        body: (
          <>
            <p>Every device they are signed in on is signed out now, and they cannot sign in again until an admin reactivates the account.</p>
            <p>What they captured stays, with their name on it.</p>
          </>
        ),
        confirm: 'Deactivate',
        tone: 'danger',
      };
    case 'reset-password':
      return {
        title: `Reset ${member.name}'s password?`,
        body: <p>Their password stops working and every device they are signed in on is signed out now. You get a one-time link for them to choose a new password.</p>,
        confirm: 'Reset password',
        tone: 'danger',
      };
    case 'cancel-invite':
      return {
        title: `Cancel the invite for ${member.name}?`,
        body: <p>Their link stops working and the invited account is removed. You can invite the same e-mail again later.</p>,
        confirm: 'Cancel invite',
        tone: 'danger',
      };
    case 'make-rep':
      return {
        title: `Make ${member.name} a rep?`,
        body: <p>Reps can only capture leads and manage their own devices. They lose the dashboard, samples, pricing and team screens from their next request.</p>,
        confirm: 'Make rep',
        tone: 'danger',
      };
    case 'make-admin':
      return {
        title: `Make ${member.name} an admin?`,
        body: <p>Admins see every lead and can change pricing, samples and staff accounts, including yours.</p>,
        confirm: 'Make admin',
        tone: 'primary',
      };
    default:
      return null;
  }
}

export function StaffTab({ meId }: { meId: number | null }) {
  const staff = useTeamStore((s) => s.staff);
  const status = useTeamStore((s) => s.status);
  const error = useTeamStore((s) => s.error);
  const busy = useTeamStore((s) => s.busy);
  const { load, act } = useTeamStore.getState();
  const [inviting, setInviting] = useState({ open: false, opening: 0 });
  const [pending, setPending] = useState<{ member: StaffMember; action: StaffAction } | null>(null);
  const [devicesOf, setDevicesOf] = useState<StaffMember | null>(null);

  const onAction = (member: StaffMember, action: StaffAction) => {
    if (confirmation(member, action)) setPending({ member, action });
    else void act(member, action);
  };
  const confirm = pending ? confirmation(pending.member, pending.action) : null;
  // The last-admin rule as the server applies it: one active admin left cannot stop being one.
  const activeAdmins = staff.filter((m) => m.role === 'admin' && m.state === 'active');

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Staff</h2>
        <WriteButton onClick={() => setInviting((d) => ({ open: true, opening: d.opening + 1 }))}>Invite</WriteButton>
      </div>
      {status === 'error' ? (
        <ErrorPanel title="The staff list could not be loaded." detail={error} onRetry={() => void load()} />
      ) : status !== 'ready' && staff.length === 0 ? (
        <LoadingText>Loading staff...</LoadingText>
      ) : staff.length === 0 ? (
        <EmptyText>No staff accounts</EmptyText>
      ) : (
        <ul aria-label="Staff" className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {staff.map((member) => (
            <li key={member.id}>
              <StaffCard
                member={member}
                isMe={member.id === meId}
                lastAdmin={activeAdmins.length === 1 && activeAdmins[0] === member}
                busy={busy.has(member.id)}
                onAction={(action) => onAction(member, action)}
                onDevices={() => {
                  showMemberDevices(member.id);
                  setDevicesOf(member);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <InviteDialog key={inviting.opening} open={inviting.open} onClose={() => setInviting((d) => ({ ...d, open: false }))} />
      <LinkDialog />
      <ConfirmDialog
        open={pending !== null}
        title={confirm?.title ?? ''}
        confirmLabel={confirm?.confirm ?? ''}
        tone={confirm?.tone}
        busy={pending ? busy.has(pending.member.id) : false}
        onClose={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          const { member, action } = pending;
          setPending(null);
          void act(member, action);
        }}
      >
        {confirm?.body}
      </ConfirmDialog>
      <MemberDevicesDialog
        member={devicesOf}
        onClose={() => {
          setDevicesOf(null);
          // Their device count may have changed.
          void load();
        }}
      />
    </div>
  );
}
