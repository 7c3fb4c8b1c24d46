// The live desk's front door: the staff's event stream, the follower that announces every stored record on it,
// its part of an erasure, and the events SQLite's thread writes for this process's hub.
export { liveRoutes } from './live-routes';
export { liveHubOf } from './live-stream';
export { liveFollower } from './live-follower';
export { holdForProcess, ownEventsOf } from './live-journal';
export { livePersonalData } from './live-personal-data';
