// The health module's front door.
export { healthRoutes } from './health-routes';
export { opsRoutes } from './ops-routes';
