export { StaffTab } from './components/staff-tab';
export { StaffAuditTab } from './components/staff-audit-tab';
export { MyDevices } from './components/my-devices';
export { useTeamStore } from './team-store';
export { useStaffAuditStore } from './staff-audit-store';
