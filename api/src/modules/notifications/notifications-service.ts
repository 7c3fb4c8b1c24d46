// A staff member's notification choices, this device's push subscription, and the unseen-lead count behind the
// app badge and the window title. The choices are per user (every device of theirs follows them); a push
// subscription is per device and lives as long as the session it was made in (see the migration).
import type { NotificationPreferences, PushSubscriptionInput, UnseenLeads } from '../../contract';
import type { AppDeps } from '../../deps';
import { nowIso } from '../../db/types';
import { AppError } from '../../http/errors';
import {
  advanceSeenThrough,
  countLeadsAfter,
  deleteSubscriptionOfUser,
  findPreferences,
  saveSubscription,
  savePreferences,
  seenThrough,
} from './notifications-queries';
import { vapidKeysOf } from './vapid-keys';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

export function getPreferences({ db }: Pick<AppDeps, 'db'>, userId: number): Promise<NotificationPreferences> {
  return findPreferences(db, userId);
}

export async function setPreferences(deps: Deps, userId: number, prefs: NotificationPreferences): Promise<NotificationPreferences> {
  await savePreferences(deps.db, userId, prefs, nowIso(deps.clock));
  return findPreferences(deps.db, userId);
}

export function pushPublicKey({ config }: Pick<AppDeps, 'config'>): string {
  return vapidKeysOf(config).publicKey;
}

export async function subscribeDevice(deps: Deps, userId: number, sessionId: string | null, sub: PushSubscriptionInput): Promise<void> {
  // The row hangs off the session: without one there is nothing to tie it to (and nothing would remove it).
  if (!sessionId) throw new AppError('unauthenticated', 'Unauthorized');
  await saveSubscription(deps.db, userId, sessionId, sub, nowIso(deps.clock));
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
