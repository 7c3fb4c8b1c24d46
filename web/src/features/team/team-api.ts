// The Team screen's calls (admins): staff accounts, their devices, the staff audit log; and every user's own
// devices (/api/auth/sessions).
import type { AccountLinkIssued, DeviceSession, InviteInput, StaffAuditEntry, StaffChange, StaffMember } from '@contract';
import { apiClient } from '../../lib/api-client';
import { nextPageQuery } from '../../lib/next-page';

const USERS = '/api/admin/users';

export const fetchStaff = () => apiClient.get(USERS).json<StaffMember[]>();
export const inviteStaff = (input: InviteInput) => apiClient.post(USERS, { json: input }).json<AccountLinkIssued>();
export const changeStaff = (id: number, change: StaffChange) => apiClient.patch(`${USERS}/${id}`, { json: change }).json<StaffMember>();
export const renewInvite = (id: number) => apiClient.post(`${USERS}/${id}/invite-link`).json<AccountLinkIssued>();
export const resetPassword = (id: number) => apiClient.post(`${USERS}/${id}/password-reset`).json<AccountLinkIssued>();
export const deactivateStaff = (id: number) => apiClient.post(`${USERS}/${id}/deactivate`).json<StaffMember>();
export const reactivateStaff = (id: number) => apiClient.post(`${USERS}/${id}/reactivate`).json<StaffMember>();

export async function cancelInvite(id: number): Promise<void> {
  await apiClient.delete(`${USERS}/${id}/invite`);
}

export interface DevicesApi {
  list: () => Promise<DeviceSession[]>;
  end: (sessionId: string) => Promise<void>;
  /** Every other device (one's own) or every device (an admin for someone): how many ended. */
  endMany: () => Promise<number>;
}

/** An admin's view of one account's devices. */
export function memberDevicesApi(userId: number): DevicesApi {
  return {
    list: () => apiClient.get(`${USERS}/${userId}/sessions`).json<DeviceSession[]>(),
    end: async (sessionId) => {
      await apiClient.delete(`${USERS}/${userId}/sessions/${sessionId}`);
    },
    endMany: async () => (await apiClient.delete(`${USERS}/${userId}/sessions`).json<{ ended: number }>()).ended,
  };
}

/** The signed-in person's own devices. */
export const myDevicesApi: DevicesApi = {
  list: () => apiClient.get('/api/auth/sessions').json<DeviceSession[]>(),
  end: async (sessionId) => {
    await apiClient.delete(`/api/auth/sessions/${sessionId}`);
  },
  endMany: async () => (await apiClient.post('/api/auth/sessions/sign-out-others').json<{ ended: number }>()).ended,
};

export const STAFF_AUDIT_PAGE_SIZE = 50;

export interface StaffAuditFilters {
  /** An action's name; '' for every action. */
  action: string;
  /** A staff account's id; '' for everyone. */
  actor: string;
}

export async function fetchStaffAuditPage(filters: StaffAuditFilters, next?: string): Promise<{ entries: StaffAuditEntry[]; next: string | null }> {
  const params = next ? new URLSearchParams(next) : new URLSearchParams({ limit: String(STAFF_AUDIT_PAGE_SIZE) });
  if (!next) {
    if (filters.action) params.set('action', filters.action);
    if (filters.actor) params.set('actor', filters.actor);
  }
  const response = await apiClient.get('/api/admin/staff-audit', { searchParams: params });
  return { entries: await response.json<StaffAuditEntry[]>(), next: nextPageQuery(response.headers.get('Link')) };
}
