// The events module's front door: the events leads were captured at.
export { eventsRoutes } from './events-routes';
