// Sample Management's calls: templates CRUD and the print-sample requests (paged) with their toggle.
import { PAGE_LIMIT, type SampleRequest, type SampleTemplate, type TemplateData } from '@contract';
import { apiClient } from '../../lib/api-client';
import { nextPageQuery } from '../../lib/next-page';

const TEMPLATES = '/api/admin/sample-templates';
const REQUESTS = '/api/admin/print-samples';

export const fetchTemplates = () => apiClient.get(TEMPLATES).json<SampleTemplate[]>();

export async function saveTemplate(input: TemplateData, id?: number): Promise<void> {
  if (id === undefined) await apiClient.post(TEMPLATES, { json: input });
  else await apiClient.put(`${TEMPLATES}/${id}`, { json: input });
}

export async function deleteTemplate(id: number): Promise<void> {
  await apiClient.delete(`${TEMPLATES}/${id}`);
}

/** The server's own page size: a first page asks for no more than it would send anyway. */
export const REQUESTS_PAGE_SIZE = PAGE_LIMIT.default;

export interface SampleRequestsPage {
  requests: SampleRequest[];
  /** How many requests there are in all (the server's X-Total-Count). */
  total: number;
  /** Query string of the next page, or null on the last page. */
  next: string | null;
}

/**
 * The first `limit` requests, newest first, or the page a previous answer's Link header pointed to. The
 * server pages this list like the leads (never more than PAGE_LIMIT.max a page).
 */
export async function fetchSampleRequests(page: { limit: number; spam: boolean } | { next: string }): Promise<SampleRequestsPage> {
  // The next page's query (from the Link header) already carries the spam filter.
  const query = 'next' in page ? page.next : `limit=${page.limit}${page.spam ? '&spam=1' : ''}`;
  const response = await apiClient.get(`${REQUESTS}?${query}`);
  const requests = await response.json<SampleRequest[]>();
  const total = Number(response.headers.get('X-Total-Count') ?? Number.NaN);
  return { requests, total: Number.isFinite(total) ? total : requests.length, next: nextPageQuery(response.headers.get('Link')) };
}

export async function setProcessed(id: number, processed: boolean): Promise<void> {
  await apiClient.put(`${REQUESTS}/${id}`, { json: { processed } });
}

/** Puts a failed sample request back on the CRM queue; answers the request (pipedriveStatus `pending`). */
export function retrySampleSync(id: number): Promise<SampleRequest> {
  return apiClient.post(`${REQUESTS}/${id}/retry-sync`).json<SampleRequest>();
}

/** "Not spam": takes the request out of quarantine; the server queues it for the CRM. */
export function releaseSampleRequest(id: number): Promise<SampleRequest> {
  return apiClient.post(`${REQUESTS}/${id}/release`).json<SampleRequest>();
}
