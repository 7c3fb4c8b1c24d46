// The sample requests' front door: the public form's second kind of submission, the admin's list, the request's
// row, and its part of an erasure.
export { samplesRoutes } from './samples-routes';
export { sampleSubmissions } from './samples-service';
export { findSampleRequest, findSampleRequestsByEmail, setSampleRequestSyncOutcome } from './samples-queries';
export { samplesPersonalData } from './samples-personal-data';
