// Rows of notification_preferences, push_subscriptions and lead_seen_marks; every statement below compiles to
// the same meaning on SQLite and PostgreSQL (upserts through ON CONFLICT, booleans normalised here).
import type { EmailChoices, NotificationKind, NotificationPreferences, PushSubscriptionInput } from '../../contract';
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_KINDS, defaultEmailChoices } from '../../contract';
import type { Db } from '../../db/knex';
import { preparedRead } from '../../db/prepared-read';
import { toBool } from '../../db/types';

const KIND_COLUMNS: Record<NotificationKind, string> = {
  leads: 'leads',
  samples: 'samples',
  captures: 'captures',
  crmFailures: 'crm_failures',
};

const EMAIL_COLUMNS: Record<NotificationKind, string> = {
  leads: 'email_leads',
  samples: 'email_samples',
  captures: 'email_captures',
  crmFailures: 'email_crm_failures',
};

/** Each kind's e-mail choice: the person's where they chose (a column not null), else their role's default. */
function emailChoicesOf(row: Record<string, unknown> | undefined, role: string): EmailChoices {
  const defaults = defaultEmailChoices(role);
  const choices = { ...defaults };
  for (const kind of NOTIFICATION_KINDS) {
    const value = row?.[EMAIL_COLUMNS[kind]];
    if (value != null) choices[kind] = toBool(value);
  }
  return choices;
}

export async function findPreferences(db: Db, userId: number, role: string): Promise<NotificationPreferences> {
  const row = await db('notification_preferences').where({ user_id: userId }).first();
  if (!row) return { ...DEFAULT_NOTIFICATION_PREFERENCES, email: emailChoicesOf(undefined, role) };
  return {
    enabled: toBool(row.enabled),
    leads: toBool(row.leads),
    samples: toBool(row.samples),
    captures: toBool(row.captures),
    crmFailures: toBool(row.crm_failures),
    email: emailChoicesOf(row, role),
  };
}

/** Saves the browser's choices, and the e-mail ones when given (left out: the stored ones stay). */
export async function savePreferences(db: Db, userId: number, prefs: Omit<NotificationPreferences, 'email'> & { email?: EmailChoices }, nowIso: string): Promise<void> {
  const emailColumns = prefs.email ? Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [EMAIL_COLUMNS[kind], prefs.email![kind]])) : {};
  await db('notification_preferences')
    .insert({
      user_id: userId,
      enabled: prefs.enabled,
      leads: prefs.leads,
      samples: prefs.samples,
      captures: prefs.captures,
      crm_failures: prefs.crmFailures,
      ...emailColumns,
      updated_at: nowIso,
    })
    .onConflict('user_id')
    .merge(['enabled', 'leads', 'samples', 'captures', 'crm_failures', ...Object.keys(emailColumns), 'updated_at']);
}

/**
 * Turns one kind's e-mail off for a person (an unsubscribe link), keeping every other choice; a person who never
 * chose gets the browser's defaults stored beside it.
 */
export async function turnOffEmail(db: Db, userId: number, kind: NotificationKind, nowIso: string): Promise<void> {
  await db('notification_preferences')
    .insert({
      user_id: userId,
      enabled: DEFAULT_NOTIFICATION_PREFERENCES.enabled,
      leads: DEFAULT_NOTIFICATION_PREFERENCES.leads,
      samples: DEFAULT_NOTIFICATION_PREFERENCES.samples,
      captures: DEFAULT_NOTIFICATION_PREFERENCES.captures,
      crm_failures: DEFAULT_NOTIFICATION_PREFERENCES.crmFailures,
      [EMAIL_COLUMNS[kind]]: false,
      updated_at: nowIso,
    })
    .onConflict('user_id')
    .merge([EMAIL_COLUMNS[kind], 'updated_at']);
}

export interface EmailRecipient {
  userId: number;
  email: string;
  name: string;
  role: string;
}

/** Active accounts whose e-mail choice for this kind is on (chosen, or their role's default). */
export async function emailRecipientsFor(db: Db, kind: NotificationKind): Promise<EmailRecipient[]> {
  const rows = await preparedRead(
    db,
    db('users as u').leftJoin('notification_preferences as p', 'p.user_id', 'u.id').where('u.status', 'active').select('u.id', 'u.email', 'u.name', 'u.role', `p.${EMAIL_COLUMNS[kind]}`).orderBy('u.id'),
  );
  return rows
    .filter((r) => emailChoicesOf(r, String(r.role))[kind])
    .map((r) => ({ userId: Number(r.id), email: String(r.email), name: String(r.name), role: String(r.role) }));
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
  userId: number;
  role: string;
}

/** Subscriptions of active users who turned notifications on and want this kind. */
export async function pushTargetsFor(db: Db, kind: NotificationKind): Promise<PushTarget[]> {
  const rows = await preparedRead(
    db,
    db('push_subscriptions as s')
      .join('users as u', 'u.id', 's.user_id')
      .join('notification_preferences as p', 'p.user_id', 's.user_id')
      .where('u.status', 'active')
      .andWhere('p.enabled', true)
      .andWhere(`p.${KIND_COLUMNS[kind]}`, true)
      .select('s.endpoint', 's.p256dh', 's.auth', 's.user_id', 'u.role'),
  );
  return rows.map((r) => ({ endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth, userId: Number(r.user_id), role: String(r.role) }));
}

/** The account an endpoint is registered to, if any. */
export async function subscriptionOwner(db: Db, endpoint: string): Promise<number | undefined> {
  const row = await db('push_subscriptions').where({ endpoint }).first('user_id');
  return row ? Number(row.user_id) : undefined;
}

/**
 * Stores this device's subscription under its session, unless the endpoint is another account's: a row already
 * there keeps its account (ON CONFLICT does nothing, then only the same account's row is refreshed). Answers the
 * account the endpoint belongs to afterwards, which the caller compares with its own.
 */
export async function saveSubscription(db: Db, userId: number, sessionId: string, sub: PushSubscriptionInput, nowIso: string): Promise<number | undefined> {
  await db('push_subscriptions')
    .insert({ user_id: userId, session_id: sessionId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, created_at: nowIso })
    .onConflict('endpoint')
    .ignore();
  await db('push_subscriptions')
    .where({ endpoint: sub.endpoint, user_id: userId })
    .update({ session_id: sessionId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, created_at: nowIso });
  return subscriptionOwner(db, sub.endpoint);
}

/** Drops the session's subscriptions other than `endpoint`: a device keeps one (its browser's newest). */
export async function deleteOtherSubscriptionsOfSession(db: Db, sessionId: string, endpoint: string): Promise<number> {
  return db('push_subscriptions').where({ session_id: sessionId }).andWhereNot({ endpoint }).delete();
}

/** Keeps the account's `keep` most recently registered subscriptions besides `endpoint`; the older ones go. */
export async function trimSubscriptionsOfUser(db: Db, userId: number, endpoint: string, keep: number): Promise<number> {
  const rows = await db('push_subscriptions').where({ user_id: userId }).andWhereNot({ endpoint }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).select('id');
  const older = rows.slice(keep).map((r) => Number(r.id));
  if (older.length === 0) return 0;
  return db('push_subscriptions').whereIn('id', older).delete();
}

export async function deleteSubscriptionOfUser(db: Db, userId: number, endpoint: string): Promise<number> {
  return db('push_subscriptions').where({ user_id: userId, endpoint }).delete();
}

export async function deleteSubscription(db: Db, endpoint: string): Promise<number> {
  return db('push_subscriptions').where({ endpoint }).delete();
}

/** The highest id of a lead in the lists (suspected spam is not counted: it is not in the lists either). */
async function newestLeadId(db: Db): Promise<number> {
  const row = await db('leads').whereNull('spam_reason').max({ id: 'id' }).first();
  return Number(row?.id ?? 0);
}

/** The user's mark; a user without one starts at the newest lead, so a new account does not begin with every lead unseen. */
export async function seenThrough(db: Db, userId: number, nowIso: string): Promise<number> {
  const row = await db('lead_seen_marks').where({ user_id: userId }).first();
  if (row) return Number(row.seen_through);
  const start = await newestLeadId(db);
  await db('lead_seen_marks').insert({ user_id: userId, seen_through: start, updated_at: nowIso }).onConflict('user_id').ignore();
  const stored = await db('lead_seen_marks').where({ user_id: userId }).first();
  return Number(stored?.seen_through ?? start);
}

/** Moves the mark forward to `through` (never back, never past the newest lead, so a later lead still counts). */
export async function advanceSeenThrough(db: Db, userId: number, through: number, nowIso: string): Promise<void> {
  const target = Math.min(through, await newestLeadId(db));
  await seenThrough(db, userId, nowIso);
  await db('lead_seen_marks').where({ user_id: userId }).andWhere('seen_through', '<', target).update({ seen_through: target, updated_at: nowIso });
}

export async function countLeadsAfter(db: Db, id: number): Promise<number> {
  const row = await db('leads').whereNull('spam_reason').andWhere('id', '>', id).count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
