// One staff account on the Team screen: who, role and state, last activity and devices, any waiting link, and
// the changes that fit its state. Changes that end access ask first (the tab's confirm dialog). A change the
// server would refuse (team-service.ts: the last active admin stays an admin and active; nobody deactivates
// their own account) is offered disabled, with the server's reason beside it, instead of failing after the
// confirmation.
import type { StaffMember } from '@contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { WriteButton } from '../../../components/ui/write-button';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format';
import type { StaffAction } from '../team-store';

const STATE_TONES: Record<StaffMember['state'], BadgeTone> = { active: 'green', invited: 'blue', deactivated: 'destructive' };
const STATE_LABELS: Record<StaffMember['state'], string> = { active: 'Active', invited: 'Invited', deactivated: 'Deactivated' };

/** The server's words for the refusals (api/src/modules/team: last-admin.ts, team-service.ts). */
const LAST_ADMIN_REASON = 'There must always be at least one active admin. Make someone else an admin first.';
const SELF_DEACTIVATE_REASON = 'You cannot deactivate your own account.';

interface StaffCardProps {
  member: StaffMember;
  isMe: boolean;
  /** The only active admin: the server refuses to make them a rep or to deactivate them. */
  lastAdmin: boolean;
  busy: boolean;
  onAction: (action: StaffAction) => void;
  onDevices: () => void;
}

export function StaffCard({ member, isMe, lastAdmin, busy, onAction, onDevices }: StaffCardProps) {
  const headingId = `staff-${member.id}`;
  const reasonId = `staff-${member.id}-refused`;
  // Why a change below is disabled; null when every change offered can be made.
  const reason = lastAdmin ? LAST_ADMIN_REASON : isMe ? SELF_DEACTIVATE_REASON : null;
  const action = (label: string, what: StaffAction, variant: 'secondary' | 'danger' = 'secondary', refused = false) => (
    <WriteButton
      variant={variant}
      size="sm"
      disabled={busy || refused}
      title={refused ? reason ?? undefined : undefined}
      aria-describedby={refused ? reasonId : undefined}
      onClick={() => onAction(what)}
    >
      {label}
      <span className="sr-only"> {member.name}</span>
    </WriteButton>
  );
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {member.name}
          </h3>
          {isMe ? <span className="text-xs text-slate-500">(you)</span> : null}
        </div>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
        <p className="mt-2 flex flex-wrap gap-2">
          <Badge tone={member.role === 'admin' ? 'brand' : 'neutral'}>{member.role === 'admin' ? 'Admin' : 'Rep'}</Badge>
          <Badge tone={STATE_TONES[member.state]}>{STATE_LABELS[member.state]}</Badge>
        </p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Last active</dt>
        <dd className="text-slate-800">{member.lastActiveAt ? <time dateTime={member.lastActiveAt}>{formatDateTime(member.lastActiveAt)}</time> : 'Never'}</dd>
        <dt className="text-slate-500">Devices</dt>
        <dd className="text-slate-800">{member.deviceCount === 0 ? 'None signed in' : `${member.deviceCount} signed in`}</dd>
        {member.pendingLink ? (
          <>
            <dt className="text-slate-500">{member.pendingLink.kind === 'invite' ? 'Invite link' : 'Reset link'}</dt>
            <dd className={member.pendingLink.expired ? 'font-medium text-red-700' : 'text-slate-800'}>
              {member.pendingLink.expired ? 'Expired: make a new one' : <>Works until <time dateTime={member.pendingLink.expiresAt}>{formatDateTime(member.pendingLink.expiresAt)}</time></>}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        {member.state === 'invited' ? (
          <>
            {action('New invite link', 'new-link')}
            {action('Cancel invite', 'cancel-invite', 'danger')}
          </>
        ) : member.state === 'deactivated' ? (
          action('Reactivate', 'reactivate')
        ) : (
          <>
            <Button variant="secondary" size="sm" onClick={onDevices}>
              Devices<span className="sr-only"> of {member.name}</span>
            </Button>
            {member.role === 'rep' ? action('Make admin', 'make-admin') : action('Make rep', 'make-rep', 'secondary', lastAdmin)}
            {isMe ? null : action('Reset password', 'reset-password')}
            {action('Deactivate', 'deactivate', 'danger', lastAdmin || isMe)}
            {reason ? (
              <p id={reasonId} className="basis-full text-xs text-slate-600">
                {reason}
              </p>
            ) : null}
          </>
        )}
      </div>
    </article>
  );
}
