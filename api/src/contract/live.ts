// What the server tells signed-in staff screens as it happens (the live desk): one shape for the event stream,
// the in-app and system notifications, and the unseen counts. Both sides import it.
import * as z from 'zod/mini';
import type { Lead, SampleRequest } from './entities';

export const LIVE_EVENT_TYPES = [
  'lead.created',
  'lead.updated',
  /** An unowned lead still New past the admins' setting (issue #31): raised once more, to admins. */
  'lead.overdue',
  'sample.created',
  'sample.updated',
  'capture.created',
  'crm.status',
] as const;

export const liveEventSchema = z.object({
  /** Position in the stream (the SSE `id:`), increasing; a client resumes after it with Last-Event-ID. */
  id: z.string(),
  type: z.enum(LIVE_EVENT_TYPES),
  /** ISO time the change was stored. */
  at: z.string(),
  /** The lead, sample request or capture the event is about. */
  recordId: z.int(),
  /** One line naming the record (a person and company), for a notification's body. */
  title: z.string(),
  /**
   * Who may see it: admins see every event; a rep sees only events whose repUserId is theirs (their own
   * captures). Null means admins only.
   */
  repUserId: z.nullable(z.int()),
  /** What `record` is: a lead (leads and captures) or a sample request; absent means a lead. */
  recordKind: z.optional(z.enum(['lead', 'sample'])),
  /** The record as the screen's list shows it, so a screen can insert the row without a second request. */
  record: z.unknown(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
/** What a service publishes: the stream assigns the id. */
export type LiveEventDraft = Omit<LiveEvent, 'id'>;

/**
 * The query a stream is opened with to have each event's `record` without its null fields. An event goes to every
 * open stream, and a lead from the website is mostly nulls: its frame is about 40 % smaller. With 1,000 streams
 * open, the bytes written were a large part of the fan-out's cost (docs/performance.md). A stream opened without
 * it (a screen still running an earlier version of the app) is sent whole records.
 */
export const LIVE_COMPACT_RECORDS = { name: 'records', value: 'compact' } as const;

/** A record (a flat object) without the fields whose value is null; anything else as it is. */
export function withoutNulls(record: unknown): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (value !== null) kept[key] = value;
  return kept;
}

type NullableKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];
/** Every field of T that may be null, as null: the compiler names one added to T and missing here. */
type NullsOf<T> = { [K in NullableKeys<T>]: null };

const LEAD_NULLS: NullsOf<Lead> = {
  company: null,
  phone: null,
  industry: null,
  volume: null,
  message: null,
  syncError: null,
  attribution: null,
  eventName: null,
  capturedBy: null,
  spamReason: null,
  owner: null,
  stageReason: null,
  firstResponseAt: null,
  overdueAt: null,
  rating: null,
  followUp: null,
  consentGiven: null,
  consentTextVersion: null,
  consentAt: null,
  scanPayload: null,
  scanFormat: null,
  photoUrl: null,
};

const SAMPLE_NULLS: NullsOf<SampleRequest> = {
  phone: null,
  company: null,
  addressLine2: null,
  pipedriveDealId: null,
  syncError: null,
  attribution: null,
  notes: null,
  spamReason: null,
};

/** The event with its record whole again: the null fields a compact stream left out are put back. */
export function withWholeRecord(event: LiveEvent): LiveEvent {
  if (event.record === null || typeof event.record !== 'object') return event;
  const nulls = (event.recordKind ?? 'lead') === 'lead' ? LEAD_NULLS : SAMPLE_NULLS;
  return { ...event, record: { ...nulls, ...event.record } };
}
