// Lead work's front door (issue #31): owner, stage, notes and timeline routes; the overdue sweep and the first
// response numbers of the dashboard; its part of a person's export and erasure.
export { leadWorkRoutes } from './lead-work-routes';
export { firstResponseStats, startOverdueSweep, sweepOverdueLeads } from './lead-response';
export { leadWorkPersonalData, timelineAboutLeads } from './lead-work-personal-data';
export { leadWorkEntry } from './lead-work-service';
