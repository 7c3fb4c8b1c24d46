// Speed to lead (issue #31): whose a lead is, where it is (its stage, apart from the CRM sync's status), what
// happened to it (the timeline) and how long it waited. Both sides import it.
import * as z from 'zod/mini';

export const LEAD_STAGES = ['new', 'contacted', 'qualified', 'not_a_fit'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** How the desk names each stage. */
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  not_a_fit: 'Not a fit',
};

/** The short list offered for Not a fit; any other reason may be typed. */
export const NOT_A_FIT_REASONS = ['Not a buyer', 'No budget', 'Duplicate', 'Spam', 'Other'] as const;

export const LEAD_WORK_LIMITS = { reason: 200, note: 5000 } as const;

/** PUT /api/admin/leads/:id/stage. A reason is required for Not a fit, and kept only for it. */
export const leadStageInputSchema = z
  .object({
    stage: z.enum(LEAD_STAGES, { error: 'Stage must be new, contacted, qualified or not_a_fit' }),
    reason: z.optional(
      z.pipe(
        z.string({ error: 'Reason must be text' }),
        z.transform((v) => v.trim()),
      ).check(z.maxLength(LEAD_WORK_LIMITS.reason, `Reason must be at most ${LEAD_WORK_LIMITS.reason} characters`)),
    ),
  })
  .check(
    z.refine((v) => v.stage !== 'not_a_fit' || (v.reason ?? '') !== '', {
      message: 'Please give a reason the lead is not a fit',
      path: ['reason'],
    }),
  );
export type LeadStageInput = z.output<typeof leadStageInputSchema>;

/** POST /api/admin/leads/:id/notes. */
export const leadNoteInputSchema = z.object({
  body: z.pipe(
    z.string({ error: 'Note must be text' }),
    z.transform((v) => v.trim()),
  ).check(z.minLength(1, 'Please write a note'), z.maxLength(LEAD_WORK_LIMITS.note, `Note must be at most ${LEAD_WORK_LIMITS.note} characters`)),
});
export type LeadNoteInput = z.output<typeof leadNoteInputSchema>;

/** PUT /api/admin/leads/:id/owner: an active staff member, or null for unassigned (admins only). */
export const leadOwnerInputSchema = z.object({
  userId: z.nullable(z.number({ error: 'userId must be a user id or null' }).check(z.int('userId must be a user id or null'), z.gte(1, 'userId must be a user id or null'))),
});

/** GET/PUT /api/admin/settings/lead-response: when an unowned New lead counts as overdue. */
export const DEFAULT_OVERDUE_AFTER_MINUTES = 15;
export const leadResponseSettingsSchema = z.object({
  overdueAfterMinutes: z
    .number({ error: 'Overdue after must be a whole number of minutes' })
    .check(z.int('Overdue after must be a whole number of minutes'), z.gte(1, 'Overdue after must be at least 1 minute'), z.lte(10080, 'Overdue after must be at most 10080 minutes (a week)')),
});
export type LeadResponseSettings = z.output<typeof leadResponseSettingsSchema>;

export interface LeadOwner {
  id: number;
  name: string;
}

/** One line of a lead's timeline: a note, an owner change (from/to are owners) or a stage change. */
export type LeadTimelineEntry =
  | { id: number; leadId: number; kind: 'note'; at: string; actor: LeadOwner | null; body: string }
  | { id: number; leadId: number; kind: 'owner'; at: string; actor: LeadOwner | null; from: LeadOwner | null; to: LeadOwner | null }
  | { id: number; leadId: number; kind: 'stage'; at: string; actor: LeadOwner | null; from: LeadStage; to: LeadStage; reason: string | null };

/** 409 of POST /api/admin/leads/:id/take: somebody else has it. */
export interface LeadTakenBody {
  message: string;
  owner: LeadOwner;
}
