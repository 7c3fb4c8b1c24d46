// The product's e-mail as both sides see it: the Mail screen's list and transport, the admin's mail settings, the
// sign-in page's "Forgot password?", and each person's e-mail choices (notifications.ts holds the browser's).
import * as z from 'zod/mini';
import { emailField } from './fields';

/** What a message is: an alert to staff, a digest of alerts, a confirmation to a visitor, a team message, a test. */
export const MAIL_KINDS = ['lead_alert', 'lead_overdue_alert', 'sample_alert', 'capture_alert', 'crm_failure_alert', 'digest', 'confirmation', 'invite', 'password_reset', 'forgot_password', 'test'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** How the Mail screen names each kind. */
export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  lead_alert: 'New lead',
  lead_overdue_alert: 'Lead waiting',
  sample_alert: 'New sample request',
  capture_alert: 'New event capture',
  crm_failure_alert: 'CRM sync failed',
  digest: 'Digest',
  confirmation: 'Confirmation to a visitor',
  invite: 'Invite',
  password_reset: 'Password reset',
  forgot_password: 'Forgotten password',
  test: 'Test e-mail',
};

/**
 * Where a message is: `held` (an alert waiting for its recipient's digest), `pending` (queued, or waiting to be
 * tried again), `running` (being sent), `sent`, `failed` (refused for good, or given up), `folded` (went out in a digest).
 */
export type MailState = 'held' | 'pending' | 'running' | 'sent' | 'failed' | 'folded';

/** One line of the Mail screen (GET /api/admin/mail). Never the body: a team message carries a sign-in link. */
export interface MailMessageSummary {
  id: number;
  kind: MailKind;
  state: MailState;
  to: string;
  subject: string;
  attempts: number;
  /** The server's reply to the last failed attempt (or why it was given up). */
  lastError: string | null;
  /** smtp: accepted by the SMTP server; file: saved on this server as an .eml file, not sent. */
  deliveredVia: 'smtp' | 'file' | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

/** Which way messages leave: an SMTP server, or none (saved on this server, not sent). */
export type MailTransportInfo = { mode: 'smtp'; host: string; dkim: boolean } | { mode: 'file'; dkim: boolean };

/** GET /api/admin/mail: the transport, the counts, and the newest messages (filter by state). */
export interface MailOverview {
  transport: MailTransportInfo;
  counts: Record<'queued' | 'sent' | 'failed', number>;
  messages: MailMessageSummary[];
}

export const MAIL_LIST_FILTERS = ['all', 'queued', 'sent', 'failed'] as const;
export type MailListFilter = (typeof MAIL_LIST_FILTERS)[number];

/** GET /api/admin/mail?state=…&limit=… */
export const mailListQuerySchema = z.object({
  state: z._default(z.enum(MAIL_LIST_FILTERS), 'all'),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});

/** GET / PUT /api/admin/mail/settings: what an admin sets about mail. */
export const mailSettingsSchema = z.object({
  /** A short confirmation to the visitor who asked (off by default). */
  visitorConfirmation: z.boolean({ error: 'visitorConfirmation must be true or false' }),
});
export type MailSettings = z.output<typeof mailSettingsSchema>;

/** POST /api/auth/forgot-password. */
export const forgotPasswordInputSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

/** The one answer to "Forgot password?", whether or not the address has an account. */
export const FORGOT_PASSWORD_ANSWER =
  'If that address belongs to a staff account, we have sent it a link to choose a new password. The link works once, for an hour.';

/** How long a "Forgot password?" link works. */
export const FORGOT_LINK_TTL_MINUTES = 60;
