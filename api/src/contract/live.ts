// What the server tells signed-in staff screens as it happens (the live desk): one shape for the event stream,
// the in-app and system notifications, and the unseen counts. Both sides import it.
import { z } from 'zod';

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
  recordId: z.number().int(),
  /** One line naming the record (a person and company), for a notification's body. */
  title: z.string(),
  /**
   * Who may see it: admins see every event; a rep sees only events whose repUserId is theirs (their own
   * captures). Null means admins only.
   */
  repUserId: z.number().int().nullable(),
  /** What `record` is: a lead (leads and captures) or a sample request; absent means a lead. */
  recordKind: z.optional(z.enum(['lead', 'sample'])),
  /** The record as the screen's list shows it, so a screen can insert the row without a second request. */
  record: z.unknown(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
/** What a service publishes: the stream assigns the id. */
export type LiveEventDraft = Omit<LiveEvent, 'id'>;
