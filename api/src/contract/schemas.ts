// Request schemas of the staff's screens and the event capture: the web forms and the API validate with these
// same objects; the server checks everything again. The public forms' schemas are in public-forms.ts, so a
// public page never loads these.
import * as z from 'zod/mini';
import {
  TEMPLATE_TYPES, PRODUCT_CATEGORIES, USER_ROLES, LIMITS, PAGE_LIMIT, LEAD_RATING_VALUES,
  INTEREST_VALUES, FOLLOW_UP_VALUES, SCAN_FORMAT_VALUES, STAFF_AUDIT_ACTIONS,
} from './constants';
import { requiredText, optionalText, optionalEnum, emailField, maxLengthFirst, searchText } from './fields';
import { leadInputSchema } from './public-forms';
import { LEAD_STAGES } from './lead-work';

/**
 * What a capture carries beyond the person: the rep's two-tap qualification, the person's consent
 * (with the version of the wording they saw, and when), and the raw text of a scanned badge. All optional.
 */
function captureDetailsFields() {
  return {
    rating: optionalEnum(LEAD_RATING_VALUES, 'Please choose Hot, Warm or Cold'),
    // Kept in the list's order, each once, whatever order or repeats the device sends.
    interests: z.optional(
      z.pipe(
        z.array(z.unknown(), { error: 'Interests must be a list' }).check(
          z.maxLength(INTEREST_VALUES.length * 2, 'Too many interests'),
          z.refine((list) => list.every((v) => (INTEREST_VALUES as readonly unknown[]).includes(v)), 'Please choose interests from the list'),
        ),
        z.transform((list) => INTEREST_VALUES.filter((v) => list.includes(v))),
      ),
    ),
    followUp: optionalEnum(FOLLOW_UP_VALUES, 'Please choose a follow-up from the list'),
    // Absent counts as not given: the lead is stored and marked as captured without consent.
    consent: z.optional(z.boolean({ error: 'Consent must be true or false' })),
    consentTextVersion: optionalText(LIMITS.consentTextVersion),
    consentAt: z.optional(
      z.string({ error: 'Must be a date and time' }).check(
        z.maxLength(40, 'Must be a date and time'),
        z.refine((v) => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)), 'Must be an ISO date and time'),
      ),
    ),
    // Kept exactly as scanned (not trimmed): it is the evidence the fields were read from.
    scanPayload: z.optional(
      z.pipe(
        z.string({ error: 'Scan payload must be text' }).check(
          z.refine((v) => utf8Length(v) <= LIMITS.scanPayloadBytes, `Must be at most ${LIMITS.scanPayloadBytes} bytes`),
        ),
        z.transform((v) => (v === '' ? undefined : v)),
      ),
    ),
    scanFormat: optionalEnum(SCAN_FORMAT_VALUES, 'Unknown scan format'),
  };
}

/** UTF-8 length without allocating: the limit is on bytes, as stored. */
function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
    if (n > LIMITS.scanPayloadBytes) return n;
  }
  return n;
}

/**
 * A lead captured by staff at an event (POST /api/capture/leads): the lead form's person fields with the
 * same rules, the rep's notes, and the event. No spam guards or attribution: only signed-in staff send it.
 */
const { firstName, lastName, email, company, phone, industry, volume } = leadInputSchema.shape;
export const captureInputSchema = z.object({
  eventName: requiredText('Event name is required', LIMITS.eventName),
  firstName,
  lastName,
  email,
  company,
  phone,
  industry,
  volume,
  notes: optionalText(LIMITS.longText),
  ...captureDetailsFields(),
}).check(
  // Consent is only worth keeping if we can say which wording the person agreed to.
  z.refine((c) => !c.consent || c.consentTextVersion !== undefined, {
    message: 'Say which consent text was shown',
    path: ['consentTextVersion'],
  }),
);
export type CaptureInput = z.input<typeof captureInputSchema>;
export type CaptureData = z.output<typeof captureInputSchema>;

// Here rather than with the field building blocks (fields.ts): a schema built at the top of a module ships
// with that module, and the public forms, which use fields.ts, have no URL field.
const optionalUrl = z.optional(
  z.pipe(
    z.string({ error: 'Must be a URL' }).check(
      z.trim(),
      maxLengthFirst(LIMITS.url),
      z.refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'Please enter a valid URL (http:// or https://)'),
    ),
    z.transform((v) => (v === '' ? undefined : v)),
  ),
);

export const templateInputSchema = z.object({
  name: requiredText('Template name is required', LIMITS.name),
  type: z.enum(TEMPLATE_TYPES, { error: 'Type must be postcard or letter' }),
  frontImageUrl: optionalUrl,
  backImageUrl: optionalUrl,
  description: optionalText(LIMITS.longText),
  active: z._default(z.boolean({ error: 'Active must be true or false' }), true),
});
export type TemplateInput = z.input<typeof templateInputSchema>;
export type TemplateData = z.output<typeof templateInputSchema>;

export const productInputSchema = z.object({
  name: requiredText('Product name is required', LIMITS.name),
  category: z._default(z.enum(PRODUCT_CATEGORIES, { error: 'Category must be postcard, letter or package' }), 'postcard'),
  startingPrice: z.number({ error: 'Starting price is required' }).check(
    z.gte(0, 'Starting price must be 0 or more'),
    z.lte(1_000_000, 'Starting price is too large'),
  ),
  description: optionalText(LIMITS.longText),
  features: z._default(
    z.pipe(
      z.array(z.string().check(z.trim(), z.maxLength(500, 'A feature must be at most 500 characters'))).check(
        z.maxLength(50, 'At most 50 features'),
      ),
      z.transform((list) => list.filter((f) => f !== '')),
    ),
    [],
  ),
  isVisible: z._default(z.boolean({ error: 'isVisible must be true or false' }), true),
  sortOrder: z._default(z.int({ error: 'Sort order must be a whole number' }).check(z.gte(-1_000_000), z.lte(1_000_000)), 0),
});
export type ProductInput = z.input<typeof productInputSchema>;
export type ProductData = z.output<typeof productInputSchema>;

export const visibilityInputSchema = z.object({
  isVisible: z.boolean({ error: 'isVisible must be true or false' }),
});

export const processedInputSchema = z.object({
  processed: z.boolean({ error: 'processed must be true or false' }),
});

export const loginInputSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).check(
    z.minLength(1, 'Password is required'),
    z.maxLength(1024, 'Password is too long'),
  ),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const passwordField = z.string({ error: 'Password is required' }).check(
  z.minLength(10, 'Password must be at least 10 characters'),
  z.maxLength(1024, 'Password is too long'),
);

export const setupInputSchema = z.object({
  token: z.string({ error: 'The setup link is missing its token' }).check(z.minLength(1, 'The setup link is missing its token'), z.maxLength(200)),
  name: requiredText('Name is required', LIMITS.name),
  email: emailField,
  password: passwordField,
});
export type SetupInput = z.input<typeof setupInputSchema>;

export const userInputSchema = z.object({
  email: emailField,
  password: passwordField,
  name: optionalText(LIMITS.name),
  role: z._default(z.enum(USER_ROLES, { error: 'Role must be admin or rep' }), 'admin'),
});

const roleField = z.enum(USER_ROLES, { error: 'Role must be admin or rep' });

/** POST /api/admin/users: who to invite; they choose their own password through the link. */
export const inviteInputSchema = z.object({
  name: requiredText('Name is required', LIMITS.name),
  email: emailField,
  role: roleField,
});
export type InviteInput = z.input<typeof inviteInputSchema>;

/** PATCH /api/admin/users/:id: a new role, a new name, or both. */
export const staffChangeSchema = z
  .object({
    role: z.optional(roleField),
    name: z.optional(requiredText('Name is required', LIMITS.name)),
  })
  .check(z.refine((v) => v.role !== undefined || v.name !== undefined, 'Nothing to change: send a role or a name'));
export type StaffChange = z.output<typeof staffChangeSchema>;

/** POST /api/auth/account-link: an invite or reset link's token and the password its person chose. */
export const accountLinkInputSchema = z.object({
  token: z.string({ error: 'The link is missing its token' }).check(z.minLength(1, 'The link is missing its token'), z.maxLength(200)),
  password: passwordField,
});
export type AccountLinkInput = z.input<typeof accountLinkInputSchema>;

/** A page size for the admin's lists (PAGE_LIMIT). */
const PAGE_LIMIT_RANGE = `limit must be 1 to ${PAGE_LIMIT.max}`;
const pageLimit = z._default(
  z.coerce.number().check(z.int('limit must be a whole number'), z.gte(1, PAGE_LIMIT_RANGE), z.lte(PAGE_LIMIT.max, PAGE_LIMIT_RANGE)),
  PAGE_LIMIT.default,
);

/** The event named in /api/admin/events/:name/…: the exact name leads were captured under. */
export const eventParamsSchema = z.object({ name: requiredText('Unknown event', LIMITS.eventName) });

/** `?spam=1` lists the suspected spam instead of the real submissions (`0` or absent). */
const spamFlag = optionalEnum(['0', '1'], 'spam must be 0 or 1');

export const leadListQuerySchema = z.object({
  limit: pageLimit,
  before: z.optional(z.coerce.number().check(z.int('before must be a lead id'), z.gte(1, 'before must be a lead id'))),
  q: searchText(200),
  status: optionalText(40),
  event: optionalText(LIMITS.eventName),
  rating: optionalEnum(LEAD_RATING_VALUES, 'Unknown rating'),
  followUp: optionalEnum(FOLLOW_UP_VALUES, 'Unknown follow-up'),
  interest: optionalEnum(INTEREST_VALUES, 'Unknown interest'),
  spam: spamFlag,
  /** The desk's owner filter: `me`, `none` (unassigned) or a user id; absent is anyone. */
  owner: z.optional(z.string().check(z.regex(/^(me|none|[1-9]\d{0,9})$/, 'owner must be me, none or a user id'))),
  stage: optionalEnum(LEAD_STAGES, 'Unknown stage'),
});

/** GET /api/admin/print-samples: newest first, `before` continues after that request (keyset paging). */
export const sampleListQuerySchema = z.object({
  limit: pageLimit,
  before: z.optional(z.coerce.number().check(z.int('before must be a sample request id'), z.gte(1, 'before must be a sample request id'))),
  spam: spamFlag,
});
export type SampleListQuery = z.output<typeof sampleListQuerySchema>;

/** GET /api/admin/staff-audit: newest first, filtered by action and by who acted, keyset paging like the leads. */
export const staffAuditQuerySchema = z.object({
  limit: pageLimit,
  before: z.optional(z.coerce.number({ error: 'before must be an entry id' }).check(z.int('before must be an entry id'), z.gte(1, 'before must be an entry id'))),
  action: optionalEnum(STAFF_AUDIT_ACTIONS, 'Unknown action'),
  actor: z.optional(z.coerce.number({ error: 'actor must be a user id' }).check(z.int('actor must be a user id'), z.gte(1, 'actor must be a user id'))),
});
