// The card photos' front door.
export { capturePhotosRoutes } from './capture-photos-routes';
export { photosOfLeads } from './capture-photos-queries';
export { capturePhotosPersonalData } from './capture-photos-personal-data';
