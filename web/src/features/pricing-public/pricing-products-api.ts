// The public list of pricing products staff manage in Pricing Management: visible ones
// only, already in their sort order.
import { apiClient } from '../../lib/api-client';
import type { PricingProduct } from '@contract';

export async function fetchPricingProducts(): Promise<PricingProduct[]> {
  return apiClient.get('/api/pricing/products').json<PricingProduct[]>();
}
