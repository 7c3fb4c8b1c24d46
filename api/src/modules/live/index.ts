// The live desk's front door: the staff's event stream, the follower that announces every stored record on it,
// and its part of an erasure.
export { liveRoutes } from './live-routes';
export { liveHubOf } from './live-stream';
export { liveFollower } from './live-follower';
export { livePersonalData } from './live-personal-data';
