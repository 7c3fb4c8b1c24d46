// Test data created the way the product creates it: through the public and admin API.
import type { APIRequestContext } from '@playwright/test';
import type { Lead, PricingProduct, SampleRequest, SampleTemplate } from '../../../../api/src/contract/entities';
import type { LeadInput, SampleRequestInput } from '../../../../api/src/contract/public-forms';
import type { ProductInput, TemplateInput } from '../../../../api/src/contract/schemas';

/** Public forms send how long the person took; a realistic value keeps the minimum-fill-time spam guard quiet. */
const HUMAN_FILL_MS = 8000;

async function post<T>(request: APIRequestContext, path: string, data: object): Promise<T> {
  const res = await request.post(path, { data });
  if (res.status() !== 201) throw new Error(`POST ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export function createLead(request: APIRequestContext, lead: Partial<LeadInput> & Pick<LeadInput, 'email'>): Promise<Lead> {
  return post<Lead>(request, '/api/leads', { firstName: 'Lee', lastName: 'Lead', source: 'Main Website', elapsedMs: HUMAN_FILL_MS, ...lead });
}

export function createSampleRequest(request: APIRequestContext, sample: Partial<SampleRequestInput> & Pick<SampleRequestInput, 'lastName'>): Promise<SampleRequest> {
  return post<SampleRequest>(request, '/api/print-samples', {
    firstName: 'Sam',
    email: 'sam@example.com',
    addressLine1: '123 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    sampleType: 'both',
    elapsedMs: HUMAN_FILL_MS,
    ...sample,
  });
}

export function createTemplate(request: APIRequestContext, template: TemplateInput): Promise<SampleTemplate> {
  return post<SampleTemplate>(request, '/api/admin/sample-templates', template);
}

export function createProduct(request: APIRequestContext, product: ProductInput): Promise<PricingProduct> {
  return post<PricingProduct>(request, '/api/admin/pricing/products', product);
}

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path);
  if (!res.ok()) throw new Error(`GET ${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}
