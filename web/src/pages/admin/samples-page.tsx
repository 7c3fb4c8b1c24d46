// /admin/samples: Sample Management: Sample Templates (default) and Sample Requests tabs. Arriving signed
// out gets the titled Unauthorized toast (the route table words it); a call that later fails with 401
// gets the one-line wording of the sample screens, from the stores.
import { useEffect } from 'react';
import { Tabs } from '../../components/ui/tabs';
import { RequestsTab, TemplatesTab, useRequestsStore, useTemplatesStore } from '../../features/admin-samples';

export default function SamplesPage() {
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
