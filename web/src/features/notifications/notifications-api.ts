// The notification calls: this person's choices, and the unseen leads behind the badge and the window title.
import type { NotificationPreferences, UnseenLeads } from '@contract';
import { apiClient } from '../../lib/api-client';

const PREFERENCES = '/api/admin/notifications/preferences';

export function fetchPreferences(): Promise<NotificationPreferences> {
  return apiClient.get(PREFERENCES).json<NotificationPreferences>();
}

export function savePreferences(prefs: NotificationPreferences): Promise<NotificationPreferences> {
  return apiClient.put(PREFERENCES, { json: prefs }).json<NotificationPreferences>();
}

export function fetchUnseenLeads(): Promise<UnseenLeads> {
  return apiClient.get('/api/admin/notifications/unseen-leads').json<UnseenLeads>();
}

export function postLeadsSeen(through: number): Promise<UnseenLeads> {
  return apiClient.post('/api/admin/notifications/seen-leads', { json: { through } }).json<UnseenLeads>();
}
