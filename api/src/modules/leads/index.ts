// The leads module's front door: the public form's kind of submission, the admin's lead list and search, the
// lead's row and its counts (changeLead: every status or volume change moves its rollup), and its part of an
// erasure.
export { leadsRoutes } from './leads-routes';
export { allLeads, leadSubmissions, storeLeads, submitLead, type NewLead } from './leads-service';
export { changeLead, findLead, findLeadsByEmail, leadFromRow, leadsWithCapturer, type LeadChange } from './leads-queries';
export { leadsCsvStream } from './leads-csv';
export { isShortTerm, whereIndexCandidates, whereMatches, whereShortTermCandidates } from './lead-search';
export { leadsPersonalData } from './leads-personal-data';
