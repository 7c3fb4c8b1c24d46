// The Mail screen's calls: the overview (transport, counts, newest messages of one state), Retry, the test
// e-mail to oneself, and the admin's mail settings.
import type { MailListFilter, MailOverview, MailSettings } from '@contract';
import { apiClient } from '../../lib/api-client';

const MAIL = '/api/admin/mail';
export const MAIL_LIST_LIMIT = 50;

export const fetchMailOverview = (state: MailListFilter) =>
  apiClient.get(MAIL, { searchParams: { state, limit: MAIL_LIST_LIMIT } }).json<MailOverview>();

export const retryMail = async (id: number) => {
  await apiClient.post(`${MAIL}/${id}/retry`);
};

export const sendTestMail = async () => {
  await apiClient.post(`${MAIL}/test`);
};

export const fetchMailSettings = () => apiClient.get(`${MAIL}/settings`).json<MailSettings>();

export const saveMailSettings = (settings: MailSettings) => apiClient.put(`${MAIL}/settings`, { json: settings }).json<MailSettings>();
