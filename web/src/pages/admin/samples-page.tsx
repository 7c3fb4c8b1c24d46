// /admin/samples: Sample Management (spec §2): Sample Templates (default) and Sample Requests tabs. Arriving
// signed out gets the titled Unauthorized toast (spec §6); a call that later fails with 401 gets the one-line
// wording the spec gives the sample screens (§8), from the stores.
import { useEffect } from 'react';
import { AdminLayout } from '../../app/layouts/admin-layout';
import { Tabs } from '../../components/ui/tabs';
import { RequestsTab, TemplatesTab, useRequestsStore, useTemplatesStore } from '../../features/admin-samples';

export default function SamplesPage() {
  return (
    <AdminLayout title="Sample Management" description="Templates for the free sample pack, and the requests for it." unauthorizedWording="titled">
      <SampleManagement />
    </AdminLayout>
  );
}

function SampleManagement() {
  useEffect(() => {
    useTemplatesStore.getState().ensureLoaded();
    useRequestsStore.getState().ensureLoaded();
  }, []);
  return (
    <Tabs
      label="Sample Management"
      tabs={[
        { label: 'Sample Templates', content: <TemplatesTab /> },
        { label: 'Sample Requests', content: <RequestsTab /> },
      ]}
    />
  );
}
