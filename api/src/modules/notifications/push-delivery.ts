// Web Push for every live event a staff member asked to hear about (their choices, and only what their role
// may see): one encrypted message per subscribed device, through the `web-push` library (VAPID-signed,
// aes128gcm). Runs after the change is committed, off the request's path; a push service that answers
// 404 or 410 has dropped the subscription for good, so the row goes too. Each event is published only in the
// process that stored it, so each device gets it once however many processes serve. Sends take turns, at most
// PUSH_CONCURRENCY at a time per process, so a burst of events never opens a connection per device per event at
// once; and only to endpoints the endpoint rule accepts (push-endpoint.ts): a row it refuses is dropped unsent.
import webpush, { WebPushError } from 'web-push';
import { mayBeTold, notificationFor, notificationKindOf, type LiveEventDraft, type NotificationKind } from '../../contract';
import type { AppDeps } from '../../deps';
import { readerOf } from '../../db/knex';
import { Turns } from '../../lib/turns';
import { deleteSubscription, pushTargetsFor, type PushTarget } from './notifications-queries';
import { endpointProblem, pushAgent } from './push-endpoint';
import { vapidKeysOf } from './vapid-keys';
import { pushFailures } from '../../lib/metrics';

/** How long a push service keeps a message for a device that is off: a lead older than a day is no news. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Push requests in flight at once per process, across all events; the others wait their turn in order. */
export const PUSH_CONCURRENCY = 4;

type Deps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'live'>;

/** Subscribes to the live bus; returns the unsubscribe and a way for tests to wait for sends in flight. */
export function startPushDelivery(deps: Deps): { stop: () => void; idle: () => Promise<void> } {
  const inFlight = new Set<Promise<void>>();
  const turns = new Turns(PUSH_CONCURRENCY);
  const inTurn = (job: () => Promise<void>) => turns.run(job);
  const stop = deps.live.subscribe((events) => {
    const work = deliverBatch(deps, events, inTurn).catch((err) => deps.logger.error({ err }, 'push delivery failed'));
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  });
  return {
    stop,
    idle: async () => {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

type InTurn = (job: () => Promise<void>) => Promise<void>;

/** A batch of events (a burst of leads): the devices that want each kind are read once for the batch. */
async function deliverBatch(deps: Deps, events: readonly LiveEventDraft[], inTurn: InTurn): Promise<void> {
  const byKind = new Map<NotificationKind, LiveEventDraft[]>();
  for (const event of events) {
    const kind = notificationKindOf(event);
    if (kind) byKind.set(kind, [...(byKind.get(kind) ?? []), event]);
  }
  await Promise.all(
    [...byKind].map(async ([kind, ofKind]) => {
      // On the reader (SQLite's own thread for reads): read after every batch, it would otherwise queue behind the
      // next batch on the writes' thread and add a statement to the one serial part of intake.
      const targets = await pushTargetsFor(readerOf(deps.db), kind);
      if (targets.length) await Promise.all(ofKind.map((event) => deliver(deps, event, targets, inTurn)));
    }),
  );
}

async function deliver(deps: Deps, event: LiveEventDraft, wanting: readonly PushTarget[], inTurn: InTurn): Promise<void> {
  const targets = wanting.filter((t) => mayBeTold({ id: t.userId, role: t.role }, event));
  if (!targets.length) return;
  const message = notificationFor(event);
  const payload = JSON.stringify(message);
  const options: webpush.RequestOptions = {
    vapidDetails: { subject: deps.config.push.subject, ...vapidKeysOf(deps.config) },
    TTL: PUSH_TTL_SECONDS,
    urgency: 'high',
    // A second event about the record replaces the first while it waits at the push service.
    topic: message.tag,
    contentEncoding: 'aes128gcm',
    timeout: 10_000,
    agent: pushAgent(deps.config.push),
  };
  await Promise.all(targets.map((target) => inTurn(() => sendOne(deps, target, payload, options))));
}

async function sendOne(deps: Deps, target: PushTarget, payload: string, options: webpush.RequestOptions): Promise<void> {
  // Stored before the endpoint rule, or before PUSH_ALLOWED_HOSTS was narrowed: never sent to, and forgotten.
  if (endpointProblem(target.endpoint, deps.config.push.allowedHosts)) {
    await deleteSubscription(deps.db, target.endpoint);
    deps.logger.warn({ userId: target.userId }, 'push subscription outside the allowed push services; removed unsent');
    return;
  }
  try {
    await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, options);
  } catch (err) {
    if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
      pushFailures.inc({ reason: 'gone' });
      await deleteSubscription(deps.db, target.endpoint);
      deps.logger.info({ userId: target.userId }, 'push subscription gone; removed');
      return;
    }
    pushFailures.inc({ reason: 'failed' });
    deps.logger.warn({ err, userId: target.userId }, 'push not delivered');
  }
}
