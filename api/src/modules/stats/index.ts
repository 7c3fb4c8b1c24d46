// The dashboard's stats' front door.
export { statsRoutes } from './stats-routes';
