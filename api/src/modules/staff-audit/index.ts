// The staff audit log's front door: every account change and person's-data action writes its line here, in its
// own transaction; the log is read with filters.
export { listStaffActions, recordStaffAction, type StaffAuditLine } from './staff-audit-service';
