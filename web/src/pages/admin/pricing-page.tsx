// /admin/pricing: Pricing Management (spec §2): Products (default) and Audit Log tabs. This screen words a
// lost session as the one line 'Unauthorized: You are logged out. Logging in again...' (spec §6).
import { useEffect } from 'react';
import { AdminLayout } from '../../app/layouts/admin-layout';
import { Tabs } from '../../components/ui/tabs';
import { AuditLog, ProductsTab, usePricingStore } from '../../features/admin-pricing';

export default function PricingPage() {
  return (
    <AdminLayout title="Pricing Management" description="The products and starting prices on the public pricing page." unauthorizedWording="inline">
      <PricingManagement />
    </AdminLayout>
  );
}

function PricingManagement() {
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
