// Sample Management's calls (spec §7): templates CRUD and the print-sample requests with their toggle.
import type { SampleRequest, SampleTemplate, TemplateData } from '@contract';
import { apiClient } from '../../lib/api-client';

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

export const fetchSampleRequests = () => apiClient.get(REQUESTS).json<SampleRequest[]>();

export async function setProcessed(id: number, processed: boolean): Promise<void> {
  await apiClient.put(`${REQUESTS}/${id}`, { json: { processed } });
}

/** Puts a failed sample request back on the CRM queue; answers the request (pipedriveStatus `pending`). */
export function retrySampleSync(id: number): Promise<SampleRequest> {
  return apiClient.post(`${REQUESTS}/${id}/retry-sync`).json<SampleRequest>();
}
