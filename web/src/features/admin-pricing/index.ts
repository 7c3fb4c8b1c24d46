export { ProductsTab } from './components/products-tab';
export { AuditLog } from './components/audit-log';
export { usePricingStore } from './pricing-store';
