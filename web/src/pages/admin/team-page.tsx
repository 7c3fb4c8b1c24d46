// /admin/team (admins): Staff (default) and Audit Log tabs.
import { useEffect } from 'react';
import { Tabs } from '../../components/ui/tabs';
import { useCurrentUserStore } from '../../features/admin-auth';
import { StaffAuditTab, StaffTab, useStaffAuditStore, useTeamStore } from '../../features/team';

export default function TeamPage() {
  const meId = useCurrentUserStore((s) => s.user?.id ?? null);
  useEffect(() => {
    useTeamStore.getState().ensureLoaded();
    useStaffAuditStore.getState().ensureLoaded();
  }, []);
  return (
    <Tabs
      label="Team"
      tabs={[
        { label: 'Staff', content: <StaffTab meId={meId} /> },
        { label: 'Audit Log', content: <StaffAuditTab /> },
      ]}
    />
  );
}
