// The sample templates' front door.
export { templatesRoutes } from './templates-routes';
