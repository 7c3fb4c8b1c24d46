// The team module's front door: the Team screen's staff accounts and audit log, and `npm run user:add`.
export { teamRoutes } from './team-routes';
export { staffAuditRoutes } from './staff-audit-routes';
export { saveAccount } from './team-service';
