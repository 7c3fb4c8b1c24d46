// The Mail screen (admins): what is queued, sent and failed, with the server's reply; Retry on a failed message;
// which transport is in use; "Send a test e-mail" to oneself; the visitor-confirmation setting. And the
// unsubscribe link every alert carries.
import type { CurrentUser, MailListFilter, MailOverview, MailSettings, NotificationKind } from '../../contract';
import { writeSetting } from '../../db/app-settings';
import { nowIso } from '../../db/types';
import type { AppDeps } from '../../deps';
import { AppError, notFound } from '../../http/errors';
import { turnOffEmail } from '../notifications';
import { recordStaffAction } from '../staff-audit';
import { countMessages, findMessage, listMessages, requeueFailed } from './mail-queries';
import { DEFAULT_MAIL_SETTINGS, MAIL_SETTINGS_KEY, frameOf, queueOne, readMailSettings } from './mail-queue';
import { notifyMailQueued } from './mail-signal';
import { renderTest } from './mail-templates';
import { transportInfoOf } from './mail-transport';
import { checkUnsubscribe } from './unsubscribe';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessionKeys'>;

export const MAIL_MESSAGES = {
  notFailed: 'Only a failed message can be tried again.',
} as const;

export async function mailOverview({ db, config }: Pick<AppDeps, 'db' | 'config'>, filter: MailListFilter, limit: number): Promise<MailOverview> {
  const [counts, messages] = await Promise.all([countMessages(db), listMessages(db, filter, limit)]);
  return { transport: transportInfoOf(config.mail), counts, messages };
}

/** Retry: a failed message is queued again from its first attempt. */
export async function retryMessage(deps: Deps, id: number): Promise<void> {
  const message = await findMessage(deps.db, id);
  if (!message) throw notFound('Message');
  if (!(await requeueFailed(deps.db, id, nowIso(deps.clock)))) throw new AppError('conflict', MAIL_MESSAGES.notFailed);
  notifyMailQueued();
}

/** A test message to the signed-in admin, through the transport in use. */
export async function sendTestMail(deps: Deps, user: CurrentUser): Promise<void> {
  const now = nowIso(deps.clock);
  const info = transportInfoOf(deps.config.mail);
  const rendered = renderTest(frameOf(deps.config.mail), info.mode === 'smtp' ? `through the SMTP server at ${info.host}` : 'to a file on the server (no SMTP server is set), not sent');
  await queueOne(deps.db, deps, { kind: 'test', cause: `test-${user.id}-${Date.parse(now)}`, to: user.email, toName: user.name, userId: user.id, rendered, nowIso: now });
}

export function getMailSettings({ db }: Pick<AppDeps, 'db'>): Promise<MailSettings> {
  return readMailSettings(db);
}

export async function setMailSettings(deps: Deps, actor: CurrentUser, settings: MailSettings): Promise<MailSettings> {
  await deps.db.transaction(async (trx) => {
    const before = await readMailSettings(trx);
    const after = { ...DEFAULT_MAIL_SETTINGS, ...settings };
    await writeSetting(trx, MAIL_SETTINGS_KEY, after, actor.id, nowIso(deps.clock));
    await recordStaffAction(trx, deps.clock, { actor: { id: actor.id, name: actor.name }, action: 'mail.setting', subject: null, details: { before, after } });
  });
  return readMailSettings(deps.db);
}

/** The person and kind an unsubscribe link names, or a 404 for a link that is not one of ours. */
export function unsubscribeTarget({ sessionKeys }: Pick<AppDeps, 'sessionKeys'>, query: Record<string, unknown>): { userId: number; kind: NotificationKind } {
  const target = checkUnsubscribe(sessionKeys, query);
  if (!target) throw new AppError('not_found', 'This unsubscribe link is not valid.');
  return target;
}

/** One click: that kind's e-mail is off for that person, whatever else they chose. */
export async function unsubscribe(deps: Deps, query: Record<string, unknown>): Promise<{ kind: NotificationKind }> {
  const target = unsubscribeTarget(deps, query);
  await turnOffEmail(deps.db, target.userId, target.kind, nowIso(deps.clock));
  return { kind: target.kind };
}
