// A staff member's notification choices, this device's push subscription, and the unseen-lead count behind the
// app badge and the window title. The choices are per user (every device of theirs follows them); a push
// subscription is per device and lives as long as the session it was made in (see the migration): one per
// signed-in device, MAX_SUBSCRIPTIONS_PER_USER per person, only on a push service (push-endpoint.ts), and never
// taken from another account.
import type { CurrentUser, EmailChoices, NotificationPreferences, PushSubscriptionInput, UnseenLeads } from '../../contract';
import type { AppDeps } from '../../deps';
import { nowIso } from '../../db/types';
import { AppError } from '../../http/errors';
import { lockUser } from '../auth';
import {
  advanceSeenThrough,
  countLeadsAfter,
  deleteOtherSubscriptionsOfSession,
  deleteSubscriptionOfUser,
  findPreferences,
  saveSubscription,
  savePreferences,
  seenThrough,
  trimSubscriptionsOfUser,
} from './notifications-queries';
import { checkPushEndpoint } from './push-endpoint';
import { vapidKeysOf } from './vapid-keys';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Devices of one person that are pushed to. Enough for a phone, a laptop, a desk computer and a tablet or two;
 * a sixth device that subscribes replaces the one that registered longest ago (the app registers again at each
 * start, so that is the device used least lately), since someone turning notifications on expects them there.
 */
export const MAX_SUBSCRIPTIONS_PER_USER = 5;

export const PUSH_MESSAGES = {
  takenByAnother: 'This browser already receives notifications for another account that is signed in on it. Sign that account out on this browser (or end its session under Your Devices), then turn notifications on again.',
} as const;

type Person = Pick<CurrentUser, 'id' | 'role'>;

export function getPreferences({ db }: Pick<AppDeps, 'db'>, user: Person): Promise<NotificationPreferences> {
  return findPreferences(db, user.id, user.role);
}

export async function setPreferences(deps: Deps, user: Person, prefs: Omit<NotificationPreferences, 'email'> & { email?: EmailChoices }): Promise<NotificationPreferences> {
  await savePreferences(deps.db, user.id, prefs, nowIso(deps.clock));
  return findPreferences(deps.db, user.id, user.role);
}

export function pushPublicKey({ config }: Pick<AppDeps, 'config'>): string {
  return vapidKeysOf(config).publicKey;
}

export async function subscribeDevice(deps: Deps & Pick<AppDeps, 'config'>, userId: number, sessionId: string | null, sub: PushSubscriptionInput): Promise<void> {
  // The row hangs off the session: without one there is nothing to tie it to (and nothing would remove it).
  if (!sessionId) throw new AppError('unauthenticated', 'Unauthorized');
  const verdict = await checkPushEndpoint(sub.endpoint, deps.config.push);
  if (!verdict.ok && verdict.reason === 'unresolved') throw new AppError('unavailable', verdict.message);
  if (!verdict.ok) throw new AppError('validation', verdict.message, { errors: { endpoint: verdict.message } });
  const now = nowIso(deps.clock);
  await deps.db.transaction(async (trx) => {
    // One person's subscriptions change one at a time (PostgreSQL: the account's row lock; SQLite: its one
    // writer), so two devices subscribing at once cannot both slip under the cap.
    await lockUser(trx, userId);
    const owner = await saveSubscription(trx, userId, sessionId, sub, now);
    // The endpoint is a capability of the browser it came from; whoever registered it first keeps it until their
    // session there ends (sign-out removes the row). Taking it over would silence their notifications.
    if (owner !== userId) throw new AppError('conflict', PUSH_MESSAGES.takenByAnother);
    await deleteOtherSubscriptionsOfSession(trx, sessionId, sub.endpoint);
    await trimSubscriptionsOfUser(trx, userId, sub.endpoint, MAX_SUBSCRIPTIONS_PER_USER - 1);
  });
}

export async function unsubscribeDevice({ db }: Pick<AppDeps, 'db'>, userId: number, endpoint: string): Promise<void> {
  await deleteSubscriptionOfUser(db, userId, endpoint);
}

export async function unseenLeads(deps: Deps, userId: number): Promise<UnseenLeads> {
  const mark = await seenThrough(deps.db, userId, nowIso(deps.clock));
  return { count: await countLeadsAfter(deps.db, mark), seenThrough: mark };
}

export async function markLeadsSeen(deps: Deps, userId: number, through: number): Promise<UnseenLeads> {
  await advanceSeenThrough(deps.db, userId, through, nowIso(deps.clock));
  return unseenLeads(deps, userId);
}
