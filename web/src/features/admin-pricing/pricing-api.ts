// Pricing Management's calls: products, their audit log, create / update / visibility.
import type { PricingAuditEntry, PricingProduct, ProductData } from '@contract';
import { apiClient } from '../../lib/api-client';

const PRODUCTS = '/api/admin/pricing/products';

export const fetchProducts = () => apiClient.get(PRODUCTS).json<PricingProduct[]>();
export const fetchAudit = () => apiClient.get('/api/admin/pricing/audit').json<PricingAuditEntry[]>();

export async function createProduct(input: ProductData): Promise<void> {
  await apiClient.post(PRODUCTS, { json: input });
}

export async function updateProduct(id: number, input: ProductData): Promise<void> {
  await apiClient.put(`${PRODUCTS}/${id}`, { json: input });
}

export async function setProductVisibility(id: number, isVisible: boolean): Promise<void> {
  await apiClient.put(`${PRODUCTS}/${id}/visibility`, { json: { isVisible } });
}
