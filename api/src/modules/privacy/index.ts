// The privacy module's front door: find, export and erase a person, and the retention rule.
export { privacyRoutes } from './privacy-routes';
export { startRetentionTimer } from './retention-timer';
