// The capture module's front door: a rep's capture at an event, and its part of an erasure.
export { captureRoutes } from './capture-routes';
export { capturePersonalData } from './capture-personal-data';
export { captureSubmissions } from './capture-service';
