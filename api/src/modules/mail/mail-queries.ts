// Rows of mail_messages and mail_message_records (migration 072). Every statement compiles to the same meaning on
// SQLite and PostgreSQL; the claim is the lease claim every queue shares (db/lease-claim.ts).
import type { Knex } from 'knex';
import type { MailKind, MailListFilter, MailMessageSummary, MailState } from '../../contract';
import type { Db } from '../../db/knex';
import { claimDue, finishClaim, queueBacklog, type LeaseQueue } from '../../db/lease-claim';
import { parseJson, toIso } from '../../db/types';
import { chunksOf } from '../../lib/chunks';
import type { DigestLine } from './mail-templates';

export const MAIL_QUEUE: LeaseQueue = { table: 'mail_messages', lockKey: 7_274_029n };

/** Messages waiting to be sent and the oldest one's age (GET /metrics). */
export const mailQueueBacklog = (db: Db, now: Date) => queueBacklog(db, MAIL_QUEUE.table, now);

export type RecordRef = { kind: 'lead' | 'sample_request'; id: number };

/** What every message has from the moment it is queued: rendered, addressed, and its place in the queue. */
interface MessageCore {
  kind: MailKind;
  cause: string;
  to: string;
  toName: string | null;
  userId: number | null;
  messageId: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  digestLine: DigestLine | null;
  nextAttemptAt: string;
  windowStart: string | null;
}

/** A message as queued, with what it is about. */
export interface MessageDraft extends MessageCore {
  recipientHash: string;
  state: 'pending' | 'held';
  onceKey: string | null;
  records: readonly RecordRef[];
}

/** A stored message, with how its sending went. */
export interface MailRow extends MessageCore {
  id: number;
  state: MailState;
  attempts: number;
  lastError: string | null;
  digestId: number | null;
  deliveredVia: 'smtp' | 'file' | null;
  emlFile: string | null;
  sentAt: string | null;
  createdAt: string;
}

function rowOf(r: Record<string, unknown>): MailRow {
  return {
    id: Number(r.id),
    kind: r.kind as MailKind,
    cause: String(r.cause),
    to: String(r.to_address),
    toName: (r.to_name as string | null) ?? null,
    userId: r.user_id == null ? null : Number(r.user_id),
    messageId: String(r.message_id),
    subject: String(r.subject),
    text: String(r.text_body),
    html: String(r.html_body),
    headers: parseJson<Record<string, string>>(r.headers, {}),
    digestLine: parseJson<DigestLine | null>(r.digest_line, null),
    state: r.state as MailState,
    attempts: Number(r.attempts),
    nextAttemptAt: toIso(r.next_attempt_at),
    lastError: (r.last_error as string | null) ?? null,
    windowStart: r.window_start == null ? null : toIso(r.window_start),
    digestId: r.digest_id == null ? null : Number(r.digest_id),
    deliveredVia: (r.delivered_via as 'smtp' | 'file' | null) ?? null,
    emlFile: (r.eml_file as string | null) ?? null,
    sentAt: r.sent_at == null ? null : toIso(r.sent_at),
    createdAt: toIso(r.created_at),
  };
}

/**
 * Writes the drafts, in the caller's transaction; a draft whose (cause, kind, recipient) or once-key is already
 * queued is left out (a replay, another process): answers the ids of those written.
 */
/** Messages written per statement: 19 columns each stays far below either engine's limit on parameters. */
const INSERT_CHUNK = 40;

export async function insertMessages(trx: Knex, drafts: readonly MessageDraft[], nowIso: string): Promise<number[]> {
  const written: number[] = [];
  // A batch of records queues its messages in one statement per chunk (a burst is on the intake's path); the
  // unique key answers for a message already queued by a replay or another process, which comes back without an id.
  for (let at = 0; at < drafts.length; at += INSERT_CHUNK) {
    const chunk = drafts.slice(at, at + INSERT_CHUNK);
    const rows = (await trx('mail_messages')
      .insert(chunk.map((draft) => ({
        kind: draft.kind,
        cause: draft.cause,
        recipient_hash: draft.recipientHash,
        to_address: draft.to,
        to_name: draft.toName,
        user_id: draft.userId,
        message_id: draft.messageId,
        subject: draft.subject,
        text_body: draft.text,
        html_body: draft.html,
        headers: JSON.stringify(draft.headers),
        digest_line: draft.digestLine ? JSON.stringify(draft.digestLine) : null,
        state: draft.state,
        attempts: 0,
        next_attempt_at: draft.nextAttemptAt,
        window_start: draft.windowStart,
        once_key: draft.onceKey,
        created_at: nowIso,
        updated_at: nowIso,
      })))
      .onConflict()
      .ignore()
      .returning(['id', 'cause', 'kind', 'recipient_hash'])) as { id: number; cause: string; kind: string; recipient_hash: string }[];
    const idOf = new Map(rows.map((r) => [`${r.kind}\n${r.cause}\n${r.recipient_hash}`, Number(r.id)]));
    const links: { message_id: number; record_kind: string; record_id: number }[] = [];
    for (const draft of chunk) {
      const id = idOf.get(`${draft.kind}\n${draft.cause}\n${draft.recipientHash}`);
      if (id === undefined) continue;
      written.push(id);
      for (const r of draft.records) links.push({ message_id: id, record_kind: r.kind, record_id: r.id });
    }
    if (links.length) await trx('mail_message_records').insert(links).onConflict().ignore();
  }
  return written;
}

/**
 * The alerts window a recipient is in: its start and how many alerts it counted (at most `countUpTo`), or null
 * when none is open.
 */
export async function openWindowOf(trx: Knex, userId: number, sinceIso: string, countUpTo: number): Promise<{ start: string; count: number } | null> {
  const latest = await trx('mail_messages').where({ user_id: userId }).whereNotNull('window_start').andWhere('window_start', '>', sinceIso).max({ start: 'window_start' }).first();
  if (!latest?.start) return null;
  const start = toIso(latest.start);
  // Counted only as far as the queue needs to know (one by one, or held for the digest): a burst's window holds
  // thousands of alerts, and each batch would count them all again.
  const inWindow = trx('mail_messages').select(trx.raw('1')).where({ user_id: userId }).andWhere('window_start', latest.start).limit(countUpTo).as('w');
  const counted = await trx.count({ n: '*' }).from(inWindow).first();
  return { start, count: Number(counted?.n ?? 0) };
}

export async function claimDueMessages(db: Db, workerId: string, now: Date, leaseMs: number, limit: number): Promise<MailRow[]> {
  return (await claimDue(db, MAIL_QUEUE, { workerId, now, leaseMs, limit })).map(rowOf);
}

export interface Outcome {
  state: 'pending' | 'sent' | 'failed';
  lastError: string | null;
  nextAttemptAt?: string;
  deliveredVia?: 'smtp' | 'file';
  emlFile?: string | null;
  sentAt?: string;
  /** Replaces the stored bodies (a sign-in link taken out once it went). */
  text?: string;
  html?: string;
}

/** Ends a claim; false when it was lost meanwhile (another process took over a stale claim). */
export async function finishMessage(db: Knex, id: number, workerId: string, outcome: Outcome, nowIso: string): Promise<boolean> {
  const patch: Record<string, unknown> = { state: outcome.state, last_error: outcome.lastError, updated_at: nowIso };
  if (outcome.nextAttemptAt) patch.next_attempt_at = outcome.nextAttemptAt;
  if (outcome.deliveredVia) patch.delivered_via = outcome.deliveredVia;
  if (outcome.emlFile !== undefined) patch.eml_file = outcome.emlFile;
  if (outcome.sentAt) patch.sent_at = outcome.sentAt;
  if (outcome.text !== undefined) patch.text_body = outcome.text;
  if (outcome.html !== undefined) patch.html_body = outcome.html;
  return finishClaim(db, MAIL_QUEUE.table, id, workerId, patch);
}

/** Held alerts whose minute is over, by recipient and window: each becomes one digest. */
export async function dueDigestWindows(db: Knex, nowIso: string): Promise<{ userId: number; windowStart: string }[]> {
  const rows = await db('mail_messages').distinct('user_id', 'window_start').where('state', 'held').andWhere('next_attempt_at', '<=', nowIso).whereNotNull('user_id').limit(100);
  return rows.map((r) => ({ userId: Number(r.user_id), windowStart: toIso(r.window_start) }));
}

/** The held alerts of one recipient's window, oldest first. */
export async function heldAlertsOf(trx: Knex, userId: number, windowStart: string): Promise<MailRow[]> {
  const rows = await trx('mail_messages').where({ user_id: userId, state: 'held' }).andWhere('window_start', windowStart).orderBy('id');
  return rows.map(rowOf);
}

/** The records these messages are about (a digest is about every record of the alerts it folds). */
export async function recordsOfMessages(trx: Knex, ids: readonly number[]): Promise<RecordRef[]> {
  const refs: RecordRef[] = [];
  for (const chunk of chunksOf(ids)) {
    const rows = await trx('mail_message_records').whereIn('message_id', chunk).select('record_kind', 'record_id');
    refs.push(...rows.map((r) => ({ kind: r.record_kind as RecordRef['kind'], id: Number(r.record_id) })));
  }
  return refs;
}

/** Marks held alerts as gone out in digest `digestId`; answers how many were still held (another process may have folded them). */
export async function foldInto(trx: Knex, ids: readonly number[], digestId: number, nowIso: string): Promise<number> {
  let n = 0;
  for (const chunk of chunksOf(ids)) n += await trx('mail_messages').whereIn('id', chunk).andWhere('state', 'held').update({ state: 'folded', digest_id: digestId, updated_at: nowIso });
  return n;
}


function summaryOf(r: MailRow): MailMessageSummary {
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    to: r.to,
    subject: r.subject,
    attempts: r.attempts,
    lastError: r.lastError,
    deliveredVia: r.deliveredVia,
    createdAt: r.createdAt,
    sentAt: r.sentAt,
    nextAttemptAt: r.state === 'pending' || r.state === 'held' ? r.nextAttemptAt : null,
  };
}

const FILTER_STATES: Record<MailListFilter, readonly MailState[] | null> = {
  all: null,
  queued: ['held', 'pending', 'running'],
  sent: ['sent', 'folded'],
  failed: ['failed'],
};

/** The newest messages, for the Mail screen. */
export async function listMessages(db: Db, filter: MailListFilter, limit: number): Promise<MailMessageSummary[]> {
  const q = db('mail_messages').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
  const states = FILTER_STATES[filter];
  if (states) q.whereIn('state', states);
  return (await q).map((r) => summaryOf(rowOf(r)));
}

export async function countMessages(db: Db): Promise<Record<'queued' | 'sent' | 'failed', number>> {
  const rows = (await db('mail_messages').select('state').count({ n: '*' }).groupBy('state')) as { state: MailState; n: number | string }[];
  const counts = { queued: 0, sent: 0, failed: 0 };
  for (const r of rows) {
    if (r.state === 'failed') counts.failed += Number(r.n);
    else if (r.state === 'sent' || r.state === 'folded') counts.sent += Number(r.n);
    else counts.queued += Number(r.n);
  }
  return counts;
}

export async function findMessage(db: Knex, id: number): Promise<MailRow | undefined> {
  const row = await db('mail_messages').where({ id }).first();
  return row ? rowOf(row) : undefined;
}

/** Queues a failed message again from its first attempt; false when it is not failed (any more). */
export async function requeueFailed(db: Knex, id: number, nowIso: string): Promise<boolean> {
  const n = await db('mail_messages')
    .where({ id, state: 'failed' })
    .update({ state: 'pending', attempts: 0, next_attempt_at: nowIso, last_error: null, locked_by: null, locked_at: null, updated_at: nowIso });
  return n === 1;
}

/** Every message about these records (alerts, confirmations, CRM failures, and the digests that listed them). */
export async function messagesAboutRecords(db: Knex, refs: { leadIds: readonly number[]; sampleIds: readonly number[] }): Promise<MailRow[]> {
  const ids = new Set<number>();
  for (const [kind, list] of [['lead', refs.leadIds], ['sample_request', refs.sampleIds]] as const) {
    for (const chunk of chunksOf(list)) {
      const rows = await db('mail_message_records').where({ record_kind: kind }).whereIn('record_id', chunk).select('message_id');
      for (const r of rows) ids.add(Number(r.message_id));
    }
  }
  const messages: MailRow[] = [];
  for (const chunk of chunksOf([...ids])) messages.push(...(await db('mail_messages').whereIn('id', chunk).orderBy('id')).map(rowOf));
  return messages;
}

/** Deletes these messages (and, by the foreign key, which records they were about). */
export async function deleteMessages(db: Knex, ids: readonly number[]): Promise<number> {
  let n = 0;
  for (const chunk of chunksOf(ids)) {
    await db('mail_message_records').whereIn('message_id', chunk).delete();
    n += await db('mail_messages').whereIn('id', chunk).delete();
  }
  return n;
}
