// Putting messages in the queue, always in the transaction of their cause (a lead, a sample request, a release from
// quarantine, an invite, a reset, a CRM sync that failed for good): they commit together or not at all, so a crash
// loses none and a rolled-back cause sends none. Each message is rendered here, once, and written with a stable
// Message-ID `<kind.cause.recipient@site host>`; the unique (cause, kind, recipient) key makes a replayed
// submission, or a second process, queue it once.
//
// Alerts to staff go one by one until a recipient's fifth within a minute (the window opens with their first
// alert); the ones after that are held and go out as one digest when the minute ends (mail-worker.ts folds them).
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { MailConfig } from '../../config';
import { mayBeTold, normaliseEmail, type Lead, type MailKind, type MailSettings, type NotificationKind, type SampleRequest } from '../../contract';
import { readSetting } from '../../db/app-settings';
import { lockKeysForTransaction } from '../../db/dialect';
import { afterCommit } from '../../db/lease-claim';
import { emailRecipientsFor, type EmailRecipient } from '../notifications';
import { insertMessages, openWindowOf, type MessageDraft, type RecordRef } from './mail-queries';
import { notifyMailQueued } from './mail-signal';
import {
  oneLine, renderAccountLink, renderAlert, renderAlertLine, renderConfirmation, type AccountLinkMailKind, type AlertKind, type DigestLine, type Frame, type Rendered,
} from './mail-templates';
import { unsubscribeUrl } from './unsubscribe';

/** What queueing needs: the mail settings and the key unsubscribe links are signed with. */
export interface MailQueueDeps {
  config: { mail: MailConfig };
  sessionKeys: readonly string[];
}

/**
 * Alerts one person gets one by one within a minute (config.mail.digestWindowMs); the rest of that minute goes
 * out as one digest.
 */
export const ALERTS_BEFORE_DIGEST = 5;

export const MAIL_SETTINGS_KEY = 'mail';
export const DEFAULT_MAIL_SETTINGS: MailSettings = { visitorConfirmation: false };

/** The short hash that stands for a recipient in the unique key and the Message-ID: never the address itself. */
export function recipientHashOf(address: string): string {
  return crypto.createHash('sha256').update(normaliseEmail(address)).digest('hex').slice(0, 20);
}

export function messageIdOf(config: Pick<MailConfig, 'siteUrl'>, kind: MailKind, cause: string, recipientHash: string): string {
  return `<${kind}.${cause}.${recipientHash}@${new URL(config.siteUrl).hostname}>`;
}

export function frameOf(config: MailConfig): Frame {
  return { companyName: config.companyName, siteUrl: config.siteUrl };
}

export function settingsUrlOf(config: Pick<MailConfig, 'siteUrl'>): string {
  return `${config.siteUrl}/admin?settings=notifications`;
}

const KIND_WORDS: Record<NotificationKind, string> = {
  leads: 'new leads',
  samples: 'sample requests',
  captures: 'event captures',
  crmFailures: 'CRM sync failures',
};

/** The footer of an alert (or a digest of several kinds): why the person gets it and how to stop each kind. */
export function alertFooter(deps: MailQueueDeps, userId: number, kinds: readonly NotificationKind[]): NonNullable<Frame['footer']> {
  const unique = [...new Set(kinds)];
  return {
    reason: `You get this because e-mail for ${unique.map((k) => KIND_WORDS[k]).join(' and ')} is on in your notification settings.`,
    unsubscribe: unique.map((k) => ({ label: unique.length === 1 ? 'Turn these e-mails off' : `Turn off e-mail for ${KIND_WORDS[k]}`, url: unsubscribeUrl(deps.config.mail.siteUrl, deps.sessionKeys, userId, k) })),
    settingsUrl: settingsUrlOf(deps.config.mail),
  };
}

/** The RFC 8058 headers: a mail client's "Unsubscribe" posts to the link and that kind stops. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

function draftOf(
  deps: MailQueueDeps,
  m: { kind: MailKind; cause: string; to: string; toName: string | null; userId: number | null; rendered: Rendered; headers?: Record<string, string>; nowIso: string; records?: readonly RecordRef[] },
): MessageDraft {
  const recipientHash = recipientHashOf(m.to);
  return {
    kind: m.kind,
    cause: m.cause,
    recipientHash,
    to: m.to,
    toName: m.toName ? oneLine(m.toName, 200) : null,
    userId: m.userId,
    messageId: messageIdOf(deps.config.mail, m.kind, m.cause, recipientHash),
    subject: m.rendered.subject,
    text: m.rendered.text,
    html: m.rendered.html,
    headers: m.headers ?? {},
    digestLine: null,
    state: 'pending',
    nextAttemptAt: m.nowIso,
    windowStart: null,
    onceKey: null,
    records: m.records ?? [],
  };
}

/**
 * Writes the drafts in `trx` and, when one is due now, wakes this process's worker once it commits. Alerts held for
 * a digest are not due until their minute ends, which the worker's poll finds: waking it for each batch of a
 * burst would put a claim transaction beside every batch the intake commits.
 */
async function queue(trx: Knex, drafts: readonly MessageDraft[], nowIso: string): Promise<number[]> {
  if (!drafts.length) return [];
  const ids = await insertMessages(trx, drafts, nowIso);
  if (ids.length && drafts.some((d) => d.state === 'pending')) afterCommit(trx, notifyMailQueued);
  return ids;
}

export type AlertRequest = {
  notificationKind: NotificationKind;
  kind: AlertKind;
  /** Names the cause with the record: `lead-12`, `crm-failed-lead-12-<time>`. */
  cause: string;
  how: string;
  reason?: string;
  /** The rep the record names (their capture), or null: who besides admins may be told. */
  repUserId: number | null;
} & ({ recordKind: 'lead'; record: Lead } | { recordKind: 'sample_request'; record: SampleRequest });

/** Advisory keys taking turns on one recipient's alert window (PostgreSQL; SQLite has one writer). */
const windowKey = (userId: number) => 0x6d61696c00000000n + BigInt(userId);

/**
 * Queues each alert to everyone who chose e-mail for its kind and may be told of it, in the records' transaction.
 * A recipient's window is read and counted under a lock on them, so two transactions at once cannot both send a
 * sixth alert one by one.
 */
export async function queueAlerts(trx: Knex.Transaction, deps: MailQueueDeps, alerts: readonly AlertRequest[], nowIso: string): Promise<number[]> {
  if (!alerts.length) return [];
  const recipientsOf = new Map<NotificationKind, EmailRecipient[]>();
  for (const kind of new Set(alerts.map((a) => a.notificationKind))) recipientsOf.set(kind, await emailRecipientsFor(trx, kind));
  const perUser = new Map<number, { recipient: EmailRecipient; alerts: AlertRequest[] }>();
  for (const alert of alerts) {
    for (const r of recipientsOf.get(alert.notificationKind)!) {
      if (!mayBeTold({ id: r.userId, role: r.role }, { repUserId: alert.repUserId })) continue;
      const entry = perUser.get(r.userId) ?? { recipient: r, alerts: [] };
      entry.alerts.push(alert);
      perUser.set(r.userId, entry);
    }
  }
  if (!perUser.size) return [];
  await lockKeysForTransaction(trx, [...perUser.keys()].map(windowKey));
  const now = Date.parse(nowIso);
  const drafts: MessageDraft[] = [];
  for (const { recipient, alerts: theirs } of perUser.values()) {
    let window = await openWindowOf(trx, recipient.userId, new Date(now - deps.config.mail.digestWindowMs).toISOString(), ALERTS_BEFORE_DIGEST);
    for (const alert of theirs) {
      if (!window) window = { start: nowIso, count: 0 };
      const held = window.count >= ALERTS_BEFORE_DIGEST;
      window.count++;
      const records = [{ kind: alert.recordKind, id: alert.record.id }];
      if (held) {
        // Held back for the digest, it only ever goes out as its line: no whole message to render or store.
        const { subject, line } = renderAlertLine(deps.config.mail, alert);
        drafts.push({
          ...draftOf(deps, { kind: alert.kind, cause: alert.cause, to: recipient.email, toName: recipient.name, userId: recipient.userId, rendered: { subject, text: line.text, html: line.html }, nowIso, records }),
          digestLine: line,
          state: 'held',
          nextAttemptAt: new Date(Date.parse(window.start) + deps.config.mail.digestWindowMs).toISOString(),
          windowStart: window.start,
        });
        continue;
      }
      const footer = alertFooter(deps, recipient.userId, [alert.notificationKind]);
      const rendered = renderAlert({ ...frameOf(deps.config.mail), footer }, alert);
      const headers: Record<string, string> = unsubscribeHeaders(footer.unsubscribe[0]!.url);
      if (alert.kind !== 'crm_failure_alert') headers['Reply-To'] = oneLine(alert.record.email, 254);
      drafts.push({
        ...draftOf(deps, { kind: alert.kind, cause: alert.cause, to: recipient.email, toName: recipient.name, userId: recipient.userId, rendered, headers, nowIso, records }),
        digestLine: rendered.line satisfies DigestLine,
        windowStart: window.start,
      });
    }
  }
  return queue(trx, drafts, nowIso);
}

export async function readMailSettings(db: Knex): Promise<MailSettings> {
  const stored = await readSetting<Partial<MailSettings>>(db, MAIL_SETTINGS_KEY);
  return { ...DEFAULT_MAIL_SETTINGS, ...(stored?.value ?? {}) };
}

/**
 * The visitor's confirmation, when an admin turned it on: at most one per address per UTC day whatever is posted
 * (the once-key, unique), so the form cannot be used to fill someone's inbox. Never for suspected spam (the
 * pipeline does not follow it).
 */
export async function queueConfirmations(
  trx: Knex.Transaction,
  deps: MailQueueDeps,
  requests: readonly ({ recordKind: 'lead'; record: Lead } | { recordKind: 'sample_request'; record: SampleRequest })[],
  nowIso: string,
): Promise<number[]> {
  if (!requests.length || !(await readMailSettings(trx)).visitorConfirmation) return [];
  const day = nowIso.slice(0, 10);
  const seen = new Set<string>();
  const drafts: MessageDraft[] = [];
  for (const request of requests) {
    const hash = recipientHashOf(request.record.email);
    if (seen.has(hash)) continue;
    seen.add(hash);
    const rendered = renderConfirmation(frameOf(deps.config.mail), request);
    const cause = `confirm-${request.recordKind === 'lead' ? 'lead' : 'sample'}-${request.record.id}`;
    drafts.push({
      ...draftOf(deps, { kind: 'confirmation', cause, to: oneLine(request.record.email, 254), toName: `${request.record.firstName} ${request.record.lastName}`, userId: null, rendered, nowIso, records: [{ kind: request.recordKind, id: request.record.id }] }),
      onceKey: `confirmation:${hash}:${day}`,
    });
  }
  return queue(trx, drafts, nowIso);
}

/** An invite, a reset an admin made, or a "Forgot password?" link, to the person, in the transaction that made the link. */
export async function queueAccountLinkMail(
  trx: Knex.Transaction,
  deps: MailQueueDeps,
  mail: { kind: AccountLinkMailKind; user: { id: number; email: string; name: string }; url: string; expiresAt: string },
  nowIso: string,
): Promise<void> {
  const rendered = renderAccountLink(frameOf(deps.config.mail), { kind: mail.kind, name: mail.user.name, url: mail.url, expiresAt: mail.expiresAt });
  const cause = `${mail.kind.replace('_', '-')}-${mail.user.id}-${Date.parse(nowIso)}`;
  await queue(trx, [draftOf(deps, { kind: mail.kind, cause, to: mail.user.email, toName: mail.user.name, userId: mail.user.id, rendered, nowIso })], nowIso);
}

/** A message rendered elsewhere (the Mail screen's test), queued on its own. */
export async function queueOne(trx: Knex, deps: MailQueueDeps, m: { kind: MailKind; cause: string; to: string; toName: string | null; userId: number | null; rendered: Rendered; nowIso: string }): Promise<number | undefined> {
  const [id] = await queue(trx, [draftOf(deps, m)], m.nowIso);
  return id;
}
