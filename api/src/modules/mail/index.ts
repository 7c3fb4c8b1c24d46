// The mail module's front door: the queue (alerts and confirmations as a follower of every stored record; team
// messages and CRM failure alerts queued by their owners in their own transactions), the worker that sends, the
// Mail screen's routes and the unsubscribe link, and mail's part of a person's erasure and export.
export { mailFollower } from './mail-follower';
export { MailWorker } from './mail-worker';
export { mailRoutes } from './mail-routes';
export { queueAccountLinkMail, queueAlerts, type MailQueueDeps } from './mail-queue';
export { mailPersonalData } from './mail-personal-data';
export { mailAboutRecords } from './mail-export';
export { mailQueueBacklog } from './mail-queries';
// The wake-up of this process's mail worker, which SQLite's thread passes on after a batch it wrote (wiring.ts).
export { notifyMailQueued, onMailQueued } from './mail-signal';
