// What staff see of a submission, through the admin API with the test's staff session (admin-test's
// storageState): the real leads and sample requests, or the suspected spam waiting in quarantine.
import type { APIRequestContext } from '@playwright/test';
import type { Lead, SampleRequest } from '../../../../api/src/contract';

async function list<T>(api: APIRequestContext, path: string): Promise<T[]> {
  const res = await api.get(path);
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T[];
}

/** The leads (or, with `spam`, the quarantined leads) whose e-mail is this one. */
export async function leadsWithEmail(api: APIRequestContext, email: string, { spam = false } = {}): Promise<Lead[]> {
  const found = await list<Lead>(api, `/api/admin/leads?limit=500&q=${encodeURIComponent(email)}${spam ? '&spam=1' : ''}`);
  return found.filter((lead) => lead.email === email);
}

/** The sample requests (or, with `spam`, the quarantined ones) whose e-mail is this one, among the newest 500. */
export async function sampleRequestsWithEmail(api: APIRequestContext, email: string, { spam = false } = {}): Promise<SampleRequest[]> {
  const found = await list<SampleRequest>(api, `/api/admin/print-samples?limit=500${spam ? '&spam=1' : ''}`);
  return found.filter((request) => request.email === email);
}
