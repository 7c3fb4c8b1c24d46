// The health module's front door.
export { healthRoutes } from './health-routes';
