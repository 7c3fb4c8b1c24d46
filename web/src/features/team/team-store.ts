// The staff list and every change an admin makes to it. Each change answers with the account as it now stands;
// the list is then read again (devices and links move with it) and so is the audit log if it was shown. A change
// that made a one-time link keeps it here until the admin closes the dialog showing it.
import { create } from 'zustand';
import type { AccountLinkIssued, InviteInput, StaffMember } from '@contract';
import { describeError, errorStatus, isUnauthorized, ServerError } from '../../lib/server-error';
import { sessionExpired } from '../../lib/session-expired';
import { notifyError, notifySuccess } from '../../lib/toast';
import { useStaffAuditStore } from './staff-audit-store';
import { cancelInvite, changeStaff, deactivateStaff, fetchStaff, inviteStaff, reactivateStaff, renewInvite, resetPassword } from './team-api';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export type StaffAction = 'make-admin' | 'make-rep' | 'new-link' | 'cancel-invite' | 'reset-password' | 'deactivate' | 'reactivate';

/** A link to show once: whose it is, what it does, and where it was e-mailed (or saved, without a mail server). */
export interface ShownLink {
  name: string;
  kind: 'invite' | 'reset';
  url: string;
  expiresAt: string;
  mail: AccountLinkIssued['mail'];
}

interface TeamState {
  staff: StaffMember[];
  status: Status;
  error: string | null;
  /** Accounts with a change on its way, so a second press sends nothing. */
  busy: Set<number>;
  link: ShownLink | null;
  ensureLoaded: () => void;
  load: () => Promise<void>;
  /** Resolves with the field errors to show (empty when the invite was made, or failed as a whole). */
  invite: (input: InviteInput) => Promise<{ ok: boolean; fieldErrors: Record<string, string>; message: string | null }>;
  act: (member: StaffMember, action: StaffAction) => Promise<boolean>;
  closeLink: () => void;
}

const DONE: Record<StaffAction, string> = {
  'make-admin': 'Role changed to admin',
  'make-rep': 'Role changed to rep',
  'new-link': 'New invite link made',
  'cancel-invite': 'Invite cancelled',
  'reset-password': 'Password reset: every session ended',
  deactivate: 'Account deactivated: every session ended',
  reactivate: 'Account reactivated',
};

const FAILED: Record<StaffAction, string> = {
  'make-admin': 'Failed to change the role',
  'make-rep': 'Failed to change the role',
  'new-link': 'Failed to make a new link',
  'cancel-invite': 'Failed to cancel the invite',
  'reset-password': 'Failed to reset the password',
  deactivate: 'Failed to deactivate',
  reactivate: 'Failed to reactivate',
};

function run(member: StaffMember, action: StaffAction): Promise<StaffMember | AccountLinkIssued | void> {
  switch (action) {
    case 'make-admin':
      return changeStaff(member.id, { role: 'admin' });
    case 'make-rep':
      return changeStaff(member.id, { role: 'rep' });
    case 'new-link':
      return renewInvite(member.id);
    case 'cancel-invite':
      return cancelInvite(member.id);
    case 'reset-password':
      return resetPassword(member.id);
    case 'deactivate':
      return deactivateStaff(member.id);
    case 'reactivate':
      return reactivateStaff(member.id);
  }
}

const shown = (issued: AccountLinkIssued, kind: ShownLink['kind']): ShownLink => ({ name: issued.user.name, kind, url: issued.link.url, expiresAt: issued.link.expiresAt, mail: issued.mail });

export const useTeamStore = create<TeamState>()((set, get) => {
  const refresh = () => Promise.all([get().load(), useStaffAuditStore.getState().reloadIfShown()]);

  return {
    staff: [],
    status: 'idle',
    error: null,
    busy: new Set(),
    link: null,

    ensureLoaded: () => {
      if (get().status === 'idle') void get().load();
    },

    load: async () => {
      set({ status: get().staff.length ? 'ready' : 'loading', error: null });
      try {
        set({ staff: await fetchStaff(), status: 'ready' });
      } catch (error) {
        if (isUnauthorized(error)) sessionExpired('titled');
        set({ status: 'error', error: describeError(error) });
      }
    },

    invite: async (input) => {
      try {
        const issued = await inviteStaff(input);
        set({ link: shown(issued, 'invite') });
        notifySuccess('Invite created');
        await refresh();
        return { ok: true, fieldErrors: {}, message: null };
      } catch (error) {
        if (isUnauthorized(error)) sessionExpired('titled');
        const fieldErrors = error instanceof ServerError ? error.fieldErrors : {};
        // A 409 (the e-mail has an account) belongs in the dialog, beside what the admin typed.
        const message = errorStatus(error) === 409 || !Object.keys(fieldErrors).length ? (error instanceof Error ? error.message : String(error)) : null;
        return { ok: false, fieldErrors, message };
      }
    },

    act: async (member, action) => {
      if (get().busy.has(member.id)) return false;
      set({ busy: new Set(get().busy).add(member.id) });
      try {
        const result = await run(member, action);
        if (result && 'link' in result) set({ link: shown(result, action === 'reset-password' ? 'reset' : 'invite') });
        notifySuccess(DONE[action]);
        await refresh();
        return true;
      } catch (error) {
        if (isUnauthorized(error)) sessionExpired('titled');
        else notifyError(FAILED[action], error instanceof Error ? error.message : undefined);
        return false;
      } finally {
        const busy = new Set(get().busy);
        busy.delete(member.id);
        set({ busy });
      }
    },

    closeLink: () => set({ link: null }),
  };
});
