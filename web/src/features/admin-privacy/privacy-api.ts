// The privacy screen's calls. A person is named by e-mail in a POST body, never in a URL (the server's
// routes say why); the retention rule is read, previewed and saved.
import type { ErasureReport, PersonRecords, PipedriveErasureStatus, RetentionInput, RetentionPreview, RetentionStatus } from '@contract';
import { apiClient } from '../../lib/api-client';

const PEOPLE = '/api/admin/people';
const RETENTION = '/api/admin/retention';

export const findPerson = (email: string) => apiClient.post(`${PEOPLE}/find`, { json: { email } }).json<PersonRecords>();

export const erasePerson = (email: string) => apiClient.post(`${PEOPLE}/erase`, { json: { email } }).json<ErasureReport>();

/** The export as the server names it (Content-Disposition), ready to be saved. */
export async function exportPerson(email: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiClient.post(`${PEOPLE}/export`, { json: { email } });
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'person-export.json';
  return { blob: await response.blob(), fileName };
}

export const fetchPipedriveErasures = () => apiClient.get(`${PEOPLE}/pipedrive-erasures`).json<PipedriveErasureStatus>();

export const fetchRetention = () => apiClient.get(RETENTION).json<RetentionStatus>();

export const previewRetention = (months: number) => apiClient.get(`${RETENTION}/preview?months=${months}`).json<RetentionPreview>();

export const saveRetention = (input: RetentionInput) => apiClient.put(RETENTION, { json: input }).json<RetentionStatus>();
