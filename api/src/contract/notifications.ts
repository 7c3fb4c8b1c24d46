// What tells a staff member about new records: their notification choices, this device's Web Push
// subscription, the unseen-lead count behind the app badge, and what a push message carries.
import * as z from 'zod/mini';
import type { LiveEvent } from './live';

const kindChoices = {
  leads: z.boolean(),
  samples: z.boolean(),
  captures: z.boolean(),
  crmFailures: z.boolean(),
};

/** Each kind's e-mail choice, beside the browser's (a person may want one, the other, or both). */
export const emailChoicesSchema = z.object(kindChoices);
export type EmailChoices = z.output<typeof emailChoicesSchema>;

/**
 * PUT /api/admin/notifications/preferences: the browser's switch and four kinds, per user, and the e-mail choice
 * per kind (left out: kept as it is).
 */
export const notificationPreferencesSchema = z.object({ enabled: z.boolean(), ...kindChoices, email: z.optional(emailChoicesSchema) });

/** GET /api/admin/notifications/preferences: the choices as they stand, the e-mail ones always included. */
export type NotificationPreferences = Omit<z.output<typeof notificationPreferencesSchema>, 'email'> & { email: EmailChoices };

/** The browser's choices before a person chooses: off, and every kind wanted once they turn it on. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Omit<NotificationPreferences, 'email'> = {
  enabled: false,
  leads: true,
  samples: true,
  captures: true,
  crmFailures: true,
};

/**
 * The e-mail choices before a person chooses: an admin gets new leads and sample requests (nobody has to open the
 * admin to hear of a lead), everything else is off; a rep gets nothing until they ask for their captures.
 */
export function defaultEmailChoices(role: string): EmailChoices {
  const admin = role === 'admin';
  return { leads: admin, samples: admin, captures: false, crmFailures: false };
}

export type NotificationKind = keyof EmailChoices;
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ['leads', 'samples', 'captures', 'crmFailures'];

/** Which choice an event answers to; events nobody is told about (a lead edited) map to null. */
export function notificationKindOf(event: Pick<LiveEvent, 'type' | 'record'>): NotificationKind | null {
  switch (event.type) {
    case 'lead.created':
    case 'lead.overdue':
      return 'leads';
    case 'sample.created':
      return 'samples';
    case 'capture.created':
      return 'captures';
    case 'crm.status':
      return (event.record as { status?: unknown; pipedriveStatus?: unknown } | null)?.status === 'sync_failed' ||
        (event.record as { pipedriveStatus?: unknown } | null)?.pipedriveStatus === 'sync_failed'
        ? 'crmFailures'
        : null;
    default:
      return null;
  }
}

/** Whether a user of this role and id may see an event: admins all, a rep only what names them. */
export function mayBeTold(user: { id: number; role: string }, event: Pick<LiveEvent, 'repUserId'>): boolean {
  return user.role === 'admin' || (event.repUserId !== null && event.repUserId === user.id);
}

/** POST /api/admin/notifications/push-subscriptions: PushSubscription.toJSON() of this device. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().check(z.maxLength(1000), z.regex(/^https:\/\/[^\s]+$/i, 'must be an https URL')),
  keys: z.object({
    p256dh: z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url')),
    auth: z.string().check(z.minLength(1), z.maxLength(100), z.regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url')),
  }),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionInputSchema>;

/** POST /api/admin/notifications/push-subscriptions/remove: which endpoint this device gives up. */
export const pushEndpointInputSchema = z.object({ endpoint: z.string().check(z.maxLength(1000)) });

/** GET /api/admin/notifications/push-key: the VAPID public key the browser subscribes with. */
export interface PushKey {
  publicKey: string;
}

/** GET /api/admin/leads/unseen and POST /api/admin/leads/seen: the badge's number and the mark it counts from. */
export interface UnseenLeads {
  count: number;
  seenThrough: number;
}

/** POST /api/admin/leads/seen: every lead up to this id has been seen (the mark never goes back). */
export const leadsSeenInputSchema = z.object({
  through: z.number().check(z.int(), z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)),
});

/**
 * A push message's (encrypted) body: the record and the one line the notification shows, nothing more. `url`
 * is where a click goes; `tag` names the record, so a second message about it replaces its notification.
 */
export interface PushMessage {
  type: LiveEvent['type'];
  recordId: number;
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** What a notification says and where its click goes, for the service worker's push and the page's own. */
export function notificationFor(event: Pick<LiveEvent, 'type' | 'recordId' | 'title' | 'record'>): PushMessage {
  const kind = notificationKindOf(event);
  const heading =
    event.type === 'lead.overdue' ? 'Lead waiting' : kind === 'leads' ? 'New lead' : kind === 'samples' ? 'New sample request' : kind === 'captures' ? 'New event capture' : 'CRM sync failed';
  const url =
    event.type === 'sample.created' || (event.type === 'crm.status' && (event.record as { pipedriveStatus?: unknown } | null)?.pipedriveStatus)
      ? '/admin/samples'
      : event.type === 'capture.created'
        ? '/admin/capture'
        : `/admin?lead=${event.recordId}`;
  return { type: event.type, recordId: event.recordId, title: heading, body: event.title, url, tag: notificationTag(event) };
}

/** One notification per record: a second event about it replaces the first. */
function notificationTag(event: Pick<LiveEvent, 'type' | 'recordId'>): string {
  return `${event.type.startsWith('sample') ? 'sample' : event.type.startsWith('capture') ? 'capture' : 'lead'}-${event.recordId}`;
}
