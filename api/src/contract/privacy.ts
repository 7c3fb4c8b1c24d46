// The privacy screen's requests and answers (find, export and erase a person; the retention rule), and the
// product's wording of what an erasure cannot reach, shown on the screen and returned with every erasure.
import * as z from 'zod/mini';
import { emailField } from './fields';
import type { CapturePhotoType } from './constants';
import type { Lead, SampleRequest } from './entities';
import type { MailKind, MailState } from './mail';
import type { LeadTimelineEntry } from './lead-work';

/** The longest retention period staff may set: ten years. */
export const RETENTION_MONTHS_MAX = 120;
/** The period proposed before staff choose one (the rule itself is off until they turn it on). */
export const RETENTION_MONTHS_DEFAULT = 24;

/**
 * What an erasure cannot reach, in the screen's words: staff read it before they erase and again in the
 * report, so nobody tells a person "everything is gone" when some of it is not.
 */
export const NOT_ERASED = [
  'Pipedrive persons the product did not create (found there by e-mail, or made by hand), and anything staff added in Pipedrive themselves. Delete those in Pipedrive.',
  'Pipedrive organizations: a company may hold other people; the product never deletes one.',
  'The server’s access log: one line per request (time, method, path, status), never an e-mail, name or address, kept until the log is rotated.',
  'Backups and database copies made before the erasure, until they are replaced.',
  'CSV files and exports already downloaded by staff, and other staff devices, which forget the admin’s offline copy within 24 hours.',
  'The address written inside another person’s record (in a message or notes).',
] as const;

/** POST /api/admin/people/find, /export and /erase: the person is named by e-mail, in the body, never in a URL. */
export const personLookupSchema = z.object({ email: emailField });

/** PUT /api/admin/retention. */
export const retentionInputSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  months: z.int({ error: 'Months must be a whole number' }).check(
    z.gte(1, 'Months must be 1 or more'),
    z.lte(RETENTION_MONTHS_MAX, `Months must be at most ${RETENTION_MONTHS_MAX}`),
  ),
});
export type RetentionInput = z.output<typeof retentionInputSchema>;

/** GET /api/admin/retention/preview?months=N. */
export const retentionPreviewQuerySchema = z.object({
  months: z.coerce.number({ error: 'Months must be a whole number' }).check(
    z.int('Months must be a whole number'),
    z.gte(1, 'Months must be 1 or more'),
    z.lte(RETENTION_MONTHS_MAX, `Months must be at most ${RETENTION_MONTHS_MAX}`),
  ),
});

/** One capture of the person: which lead it became or merged into, who took it, and its card photo. */
export interface PersonCapture {
  captureKey: string;
  leadId: number;
  eventName: string | null;
  /** Display name of the staff account that captured it; null when the account is gone. */
  capturedBy: string | null;
  capturedAt: string;
  photo: { contentType: CapturePhotoType; byteSize: number; url: string; uploadedAt: string } | null;
}

/** Everything the product holds about one e-mail address (POST /api/admin/people/find). */
export interface PersonRecords {
  email: string;
  /** Leads with this address, suspected spam included; consent records are each lead's consent fields. */
  leads: Lead[];
  sampleRequests: SampleRequest[];
  captures: PersonCapture[];
  /** What Pipedrive holds that the product made: found by the sync's own records. */
  pipedrive: { persons: number; deals: number };
  /** Earlier erasures of this address (found by its salted hash in the staff audit log), newest first. */
  erasures: { at: string; by: string | null }[];
}

/**
 * A message about the person's records (an alert to staff, their confirmation, a digest that listed them): who it
 * went to, its subject, and its text (a digest's is left out: it lists other people too).
 */
export interface PersonMailMessage {
  kind: MailKind;
  to: string;
  subject: string;
  state: MailState;
  createdAt: string;
  sentAt: string | null;
  text: string | null;
}

/** POST /api/admin/people/export: PersonRecords with each photo's bytes, for a subject access request. */
export interface PersonExport extends Omit<PersonRecords, 'captures' | 'erasures'> {
  exportedAt: string;
  captures: (PersonCapture & { photo: (NonNullable<PersonCapture['photo']> & { sha256: string; base64: string }) | null })[];
  /** Messages about the person's records, queued or sent. */
  mail: PersonMailMessage[];
  /** The timeline of the person's leads (notes, owner and stage changes), newest first. */
  timeline: LeadTimelineEntry[];
}

/** What one erasure (or one retention run) removed. */
export interface ErasureCounts {
  leads: number;
  sampleRequests: number;
  captures: number;
  photos: number;
  /** Stored answers of exactly-once submissions whose body repeated the person (the keys stay). */
  storedAnswers: number;
  /** Queued or finished CRM sync jobs of the erased records. */
  crmJobs: number;
  /** What is queued for deletion in Pipedrive. */
  pipedrivePersons: number;
  pipedriveDeals: number;
}

/** POST /api/admin/people/erase. */
export interface ErasureReport {
  removed: ErasureCounts;
  /** The salted hash the staff audit log records the erasure under. */
  subject: string;
  notErased: readonly string[];
}

export interface RetentionSetting {
  enabled: boolean;
  months: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** GET /api/admin/retention: the setting and the last run that erased anything. */
export interface RetentionStatus extends RetentionSetting {
  lastRun: { at: string; removed: ErasureCounts } | null;
}

/** GET /api/admin/retention/preview: what a run with this period would erase now. */
export interface RetentionPreview {
  months: number;
  /** Records last captured or submitted before this moment go. */
  cutoff: string;
  leads: number;
  captures: number;
  sampleRequests: number;
  photos: number;
}

/** GET /api/admin/people/pipedrive-erasures: Pipedrive deletions still waiting in the sync queue. */
export interface PipedriveErasureStatus {
  connected: boolean;
  waiting: number;
  /** Why the last attempt of a waiting one failed, if one did. */
  lastError: string | null;
}
