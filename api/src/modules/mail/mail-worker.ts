// The mail worker that runs inside each server process, on the queue machinery the CRM sync shares (the lease
// claim, the loop, the backoff). Each round it first folds the alerts held back in a recipient's finished minute
// into one digest, then claims due messages and sends them. An SMTP reply 5xx is a refusal that will not change:
// the message is failed with the server's words. A 4xx reply, a refused or dropped connection or a timeout is
// tried again later, doubling the wait, until the last attempt. Several processes on one PostgreSQL database share
// the queue: a message is claimed by one of them at a time, and one whose process died is taken over once its
// lease is out (it may then go twice, the one case where a message can: the other process died mid-send).
import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { MailConfig } from '../../config';
import type { NotificationKind } from '../../contract';
import type { Db } from '../../db/knex';
import { msUntilNextDue } from '../../db/lease-claim';
import { retryDelayMs } from '../../lib/backoff';
import { mailSendFailures } from '../../lib/metrics';
import { WorkLoop } from '../../lib/work-loop';
import {
  claimDueMessages, dueDigestWindows, finishMessage, foldInto, heldAlertsOf, insertMessages, recordsOfMessages, type MailRow, type MessageDraft,
} from './mail-queries';
import { alertFooter, frameOf, messageIdOf, recipientHashOf, unsubscribeHeaders } from './mail-queue';
import { onMailQueued } from './mail-signal';
import { escapeHtml, renderDigest } from './mail-templates';
import { createMailTransport, MailSendError, type MailTransport } from './mail-transport';

export interface MailWorkerDeps {
  db: Db;
  config: { mail: MailConfig };
  logger: Logger;
  sessionKeys: readonly string[];
  clock?: () => Date;
  /** Tests name their workers to tell them apart. */
  workerId?: string;
  /** Messages claimed and sent at once. */
  batchSize?: number;
  transport?: MailTransport;
}

const NOTIFICATION_KIND_OF: Partial<Record<MailRow['kind'], NotificationKind>> = {
  lead_alert: 'leads',
  sample_alert: 'samples',
  capture_alert: 'captures',
  crm_failure_alert: 'crmFailures',
};

/** Messages whose sign-in link is taken out of the stored copy once it went: the database keeps no usable link. */
const CARRIES_LINK = new Set<MailRow['kind']>(['invite', 'password_reset', 'forgot_password']);
const LINK_REMOVED = 'The sign-in link this message carried was removed from the stored copy once it was sent.';

export class MailWorker {
  readonly workerId: string;
  readonly transport: MailTransport;
  private readonly db: Db;
  private readonly mail: MailConfig;
  private readonly logger: Logger;
  private readonly clock: () => Date;
  private readonly batchSize: number;
  private readonly loop: WorkLoop;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: MailWorkerDeps) {
    this.db = deps.db;
    this.mail = deps.config.mail;
    this.logger = deps.logger;
    this.clock = deps.clock ?? (() => new Date());
    this.batchSize = deps.batchSize ?? 4;
    this.workerId = deps.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    this.transport = deps.transport ?? createMailTransport(this.mail);
    this.loop = new WorkLoop({
      runOnce: () => this.runOnce(),
      msUntilNextDue: () => msUntilNextDue(this.db, 'mail_messages', this.clock(), this.mail.pollMs),
      onError: (err) => this.logger.error({ err }, 'mail: could not take messages'),
    });
  }

  start(): void {
    if (this.loop.isRunning) return;
    this.unsubscribe = onMailQueued(() => this.loop.nudge());
    this.loop.start();
    const info = this.transport.info;
    this.logger.info(
      { workerId: this.workerId },
      info.mode === 'smtp' ? `mail worker started: SMTP via ${info.host}` : `mail worker started: no SMTP_URL, messages are saved in ${this.mail.dir}, not sent`,
    );
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    await this.loop.stop();
    this.transport.close();
  }

  /** Folds finished digest windows, then claims one batch of due messages and sends them; answers how many it took. */
  async runOnce(): Promise<number> {
    const folded = await this.foldDigests();
    const messages = await claimDueMessages(this.db, this.workerId, this.clock(), this.mail.leaseMs, this.batchSize);
    await Promise.all(messages.map((m) => this.send(m)));
    return messages.length + folded;
  }

  /** Each recipient's held alerts of a minute that is over become one digest, in one transaction with the fold. */
  private async foldDigests(): Promise<number> {
    const nowIso = this.clock().toISOString();
    let made = 0;
    for (const window of await dueDigestWindows(this.db, nowIso)) {
      made += await this.db.transaction(async (trx) => {
        const held = await heldAlertsOf(trx, window.userId, window.windowStart);
        if (!held.length) return 0;
        return (await this.queueDigest(trx, held, nowIso)) ? 1 : 0;
      });
    }
    return made;
  }

  private async queueDigest(trx: Knex.Transaction, held: MailRow[], nowIso: string): Promise<boolean> {
    const first = held[0]!;
    const userId = first.userId!;
    const kinds = held.map((h) => NOTIFICATION_KIND_OF[h.kind]).filter((k): k is NotificationKind => !!k);
    const footer = alertFooter(this.deps, userId, kinds);
    const lines = held.map((h) => h.digestLine ?? { text: h.subject, html: `<li>${escapeHtml(h.subject)}</li>` });
    const rendered = renderDigest({ ...frameOf(this.mail), footer }, lines);
    // The first held alert names the digest: two processes folding the same alerts make one; an alert that
    // committed after a fold (held, its window over) makes a digest of its own next round.
    const cause = `digest-${userId}-${Date.parse(first.windowStart!)}-${first.id}`;
    const recipientHash = recipientHashOf(first.to);
    const draft: MessageDraft = {
      kind: 'digest',
      cause,
      recipientHash,
      to: first.to,
      toName: first.toName,
      userId,
      messageId: messageIdOf(this.mail, 'digest', cause, recipientHash),
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: unsubscribeHeaders(footer.unsubscribe[0]!.url),
      digestLine: null,
      state: 'pending',
      nextAttemptAt: nowIso,
      windowStart: null,
      onceKey: null,
      records: await recordsOfMessages(trx, held.map((h) => h.id)),
    };
    const [digestId] = await insertMessages(trx, [draft], nowIso);
    if (digestId === undefined) return false;
    await foldInto(trx, held.map((h) => h.id), digestId, nowIso);
    return true;
  }

  private async send(message: MailRow): Promise<void> {
    const log = this.logger.child({ mail: message.id, kind: message.kind, attempt: message.attempts });
    try {
      const delivered = await this.transport.send(message);
      const nowIso = this.clock().toISOString();
      const scrub = CARRIES_LINK.has(message.kind) && delivered.via === 'smtp' ? { text: LINK_REMOVED, html: `<p>${LINK_REMOVED}</p>` } : {};
      await finishMessage(this.db, message.id, this.workerId, { state: 'sent', lastError: null, deliveredVia: delivered.via, emlFile: delivered.emlFile, sentAt: nowIso, ...scrub }, nowIso);
      log.info({ via: delivered.via }, 'mail sent');
    } catch (err) {
      await this.fail(message, err, log).catch((e: unknown) => log.error({ err: e }, 'mail: could not record the failure'));
    }
  }

  private async fail(message: MailRow, err: unknown, log: Logger): Promise<void> {
    const e = err instanceof MailSendError ? err : new MailSendError((err as Error)?.message ?? String(err), false);
    const nowIso = this.clock().toISOString();
    if (!e.permanent && message.attempts < this.mail.maxAttempts) {
      const delay = retryDelayMs(message.attempts, { firstMs: this.mail.backoffMs, maxMs: this.mail.maxBackoffMs });
      const nextAttemptAt = new Date(this.clock().getTime() + delay).toISOString();
      await finishMessage(this.db, message.id, this.workerId, { state: 'pending', lastError: e.message, nextAttemptAt }, nowIso);
      mailSendFailures.inc({ outcome: 'retry' });
      log.warn({ reason: e.message, retryInMs: delay }, 'mail not sent; will retry');
      return;
    }
    const reason = e.permanent ? e.message : `Gave up after ${message.attempts} attempts: ${e.message}`;
    await finishMessage(this.db, message.id, this.workerId, { state: 'failed', lastError: reason }, nowIso);
    mailSendFailures.inc({ outcome: 'failed' });
    log.error({ reason }, 'mail failed');
  }
}
