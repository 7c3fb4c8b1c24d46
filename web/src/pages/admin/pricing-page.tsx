// /admin/pricing: Pricing Management: Products (default) and Audit Log tabs.
import { useEffect } from 'react';
import { Tabs } from '../../components/ui/tabs';
import { AuditLog, ProductsTab, usePricingStore } from '../../features/admin-pricing';

export default function PricingPage() {
  useEffect(() => usePricingStore.getState().ensureLoaded(), []);
  return (
    <Tabs
      label="Pricing Management"
      tabs={[
        { label: 'Products', content: <ProductsTab /> },
        { label: 'Audit Log', content: <AuditLog /> },
      ]}
    />
  );
}
