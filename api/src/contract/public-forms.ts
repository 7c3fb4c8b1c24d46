// The public forms' request schemas (the lead form, the free sample form), in a module of their own: building
// a zod schema is a call the bundler must assume has side effects, so every schema in a module ships with any
// one of them. Kept apart from the staff's schemas (schemas.ts), a public page that loads its form's schema
// loads only these. The API validates with these same objects (re-exported by the contract's index).
import * as z from 'zod/mini';
import { INDUSTRY_VALUES, VOLUME_VALUES, SOURCE_LABELS, SAMPLE_TYPE_VALUES, US_STATE_CODES, LIMITS, HONEYPOT_FORM_FIELD, EARLIER_HONEYPOT_FIELD } from './constants';
import { requiredText, optionalText, clippedText, optionalEnum, emailField } from './fields';

/**
 * Spam guards every public form carries: a honeypot that must stay empty and the fill time. The honeypot has
 * the same name in the page and in the JSON body (HONEYPOT_FORM_FIELD). `website` is its earlier name, still
 * read because a device may hold a submission queued before the rename: its replay sends the old body.
 */
const spamGuardFields = {
  [HONEYPOT_FORM_FIELD]: z.optional(z.string().check(z.maxLength(LIMITS.longText))),
  [EARLIER_HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(LIMITS.longText))),
  elapsedMs: z.optional(z.number().check(z.gte(0))),
};

/**
 * Where the visitor came from, captured on the first page view of the visit (web/src/lib/attribution.ts).
 * Values longer than the limit are cut, not refused: a long referrer URL must never cost us the lead.
 */
const attributionText = clippedText(LIMITS.attribution);
export const attributionSchema = z.object({
  utmSource: attributionText,
  utmMedium: attributionText,
  utmCampaign: attributionText,
  utmTerm: attributionText,
  utmContent: attributionText,
  referrer: attributionText,
  landingPage: attributionText,
});
export type AttributionData = z.output<typeof attributionSchema>;

export const leadInputSchema = z.object({
  firstName: requiredText('First name is required', LIMITS.name),
  lastName: requiredText('Last name is required', LIMITS.name),
  email: emailField,
  company: optionalText(LIMITS.company),
  phone: optionalText(LIMITS.phone),
  industry: optionalEnum(INDUSTRY_VALUES, 'Please choose an industry from the list'),
  volume: optionalEnum(VOLUME_VALUES, 'Please choose a volume from the list'),
  message: optionalText(LIMITS.longText),
  // Always the fixed label; the server stores the label whatever a client sends here.
  leadSource: z.optional(z.string().check(z.maxLength(LIMITS.name))),
  source: z._default(z.enum(SOURCE_LABELS, { error: 'Unknown source' }), 'Main Website'),
  attribution: z.optional(attributionSchema),
  ...spamGuardFields,
});
export type LeadInput = z.input<typeof leadInputSchema>;
export type LeadData = z.output<typeof leadInputSchema>;

export const sampleRequestInputSchema = z.object({
  firstName: requiredText('First name is required', LIMITS.name),
  lastName: requiredText('Last name is required', LIMITS.name),
  email: emailField,
  phone: optionalText(LIMITS.phone),
  company: optionalText(LIMITS.company),
  addressLine1: requiredText('Address line 1 is required', LIMITS.company),
  addressLine2: optionalText(LIMITS.company),
  city: requiredText('City is required', LIMITS.name),
  state: z.enum(US_STATE_CODES, { error: 'Please choose a US state' }),
  zip: z.string({ error: 'ZIP code is required' }).check(
    z.trim(),
    z.minLength(1, 'ZIP code is required'),
    z.regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 12345 or 12345-6789'),
  ),
  sampleType: z.enum(SAMPLE_TYPE_VALUES, { error: 'Please choose a sample type' }),
  notes: optionalText(LIMITS.longText),
  attribution: z.optional(attributionSchema),
  ...spamGuardFields,
});
export type SampleRequestInput = z.input<typeof sampleRequestInputSchema>;
export type SampleRequestData = z.output<typeof sampleRequestInputSchema>;

