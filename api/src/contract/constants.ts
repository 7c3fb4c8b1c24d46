// Enumerations and the fixed labels shown for them. Shared by the web app and the API. Each list is written
// once: the bare values that schemas accept are derived from the labelled options the forms show.

type Option = { readonly value: string; readonly label: string };

/** The `value`s of an option list, in order, typed as a tuple of their literals (what z.enum wants). */
function valuesOf<const T extends readonly [Option, ...Option[]]>(options: T): { readonly [K in keyof T]: T[K]['value'] } {
  return options.map((o) => o.value) as unknown as { readonly [K in keyof T]: T[K]['value'] };
}

export const LEAD_SOURCE_LABEL = 'DirectMailers Website';

export const INDUSTRIES = [
  { value: 'automotive', label: 'Automotive' },
  { value: 'health', label: 'Health & Wellness' },
  { value: 'home-services', label: 'Home Services' },
  { value: 'mortgage', label: 'Mortgage & Banking' },
  { value: 'retail', label: 'Retail & eCommerce' },
  { value: 'other', label: 'Other' },
] as const;
export const INDUSTRY_VALUES = valuesOf(INDUSTRIES);
export type Industry = (typeof INDUSTRY_VALUES)[number];

export const VOLUMES = [
  { value: 'under-1000', label: 'Under 1,000 pieces / month' },
  { value: '1000-5000', label: '1,000 – 5,000 pieces / month' },
  { value: '5000-25000', label: '5,000 – 25,000 pieces / month' },
  { value: '25000-100000', label: '25,000 – 100,000 pieces / month' },
  { value: 'over-100000', label: 'Over 100,000 pieces / month' },
] as const;
export const VOLUME_VALUES = valuesOf(VOLUMES);
export type Volume = (typeof VOLUME_VALUES)[number];

/**
 * Monthly piece count each volume bucket stands for, and the First Class 4x6 tier price for it: a lead's
 * pipeline value is pieces × price of its bucket.
 */
export const VOLUME_PIPELINE: Record<Volume, { pieces: number; priceCents: number }> = {
  'under-1000': { pieces: 500, priceCents: 68 },
  '1000-5000': { pieces: 3000, priceCents: 65 },
  '5000-25000': { pieces: 15000, priceCents: 59 },
  '25000-100000': { pieces: 62500, priceCents: 59 },
  'over-100000': { pieces: 150000, priceCents: 59 },
};

/** One lead's pipeline value in cents: its volume bucket's pieces at the bucket's price; 0 without a (known) volume. */
export function pipelineCentsOf(volume: string | null | undefined): number {
  const bucket = volume && Object.hasOwn(VOLUME_PIPELINE, volume) ? VOLUME_PIPELINE[volume as Volume] : undefined;
  return bucket ? bucket.pieces * bucket.priceCents : 0;
}

/**
 * Why a public submission was kept as suspected spam: the honeypot held something, or the form was sent faster
 * than a person fills it. Such a submission is stored, never synced or counted, until staff release it.
 */
export const SPAM_REASONS = ['honeypot', 'fill_time'] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];
/** How the staff's screens name each reason. */
export const SPAM_REASON_LABELS: Record<SpamReason, string> = { honeypot: 'Suspected spam: hidden field filled', fill_time: 'Suspected spam: sent too fast' };
/** Suspected spam nobody released is deleted after this many days. */
export const QUARANTINE_DAYS = 30;

/** The dashboard chart's window: leads per UTC day over this many days, today included (stats and the chart). */
export const CHART_DAYS = 30;

export const LEAD_STATUSES = ['new', 'synced', 'sync_failed'] as const;

/** Lead `source` label by the path of the page the form was sent from; any other page is the main website. */
const SOURCE_LABEL_BY_PATH = {
  '/': 'Main Website',
  '/mortgage': 'Mortgage Landing Page',
  '/USPSInformedDelivery': 'USPS Informed Delivery Page',
  '/digital-audience': 'Digital Audience Page',
} as const;
export type SourceLabel = (typeof SOURCE_LABEL_BY_PATH)[keyof typeof SOURCE_LABEL_BY_PATH];
export const SOURCE_LABELS = Object.values(SOURCE_LABEL_BY_PATH) as [SourceLabel, ...SourceLabel[]];

/**
 * `path` without the slashes at its end. A loop, not /\/+$/: an unanchored pattern is retried from every
 * position, so a path of n slashes followed by a letter costs n² steps (16,000 slashes: a third of a second).
 */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47 /* '/' */) end--;
  return path.slice(0, end);
}

export function sourceLabelForPath(path: string): SourceLabel {
  const clean = trimTrailingSlashes(path) || '/';
  return Object.hasOwn(SOURCE_LABEL_BY_PATH, clean) ? SOURCE_LABEL_BY_PATH[clean as keyof typeof SOURCE_LABEL_BY_PATH] : 'Main Website';
}

/** Lead `source` of a lead a staff member captured at an event. */
export function eventSourceLabel(eventName: string): string {
  return `Event: ${eventName}`;
}

export const SAMPLE_TYPES = [
  { value: 'postcards', label: 'Postcards' },
  { value: 'letters', label: 'Letters' },
  { value: 'both', label: 'Both postcards and letters' },
] as const;
export const SAMPLE_TYPE_VALUES = valuesOf(SAMPLE_TYPES);
export type SampleType = (typeof SAMPLE_TYPE_VALUES)[number];

export const TEMPLATE_TYPES = ['postcard', 'letter'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const PRODUCT_CATEGORIES = ['postcard', 'letter', 'package'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const USER_ROLES = ['admin', 'rep'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What the staff audit log records: staff and system actions on accounts, sessions and people's data. */
export const STAFF_AUDIT_ACTIONS = [
  'user.invite',
  'user.invite_cancel',
  'user.setup',
  'user.role',
  'user.password_reset',
  'user.deactivate',
  'user.reactivate',
  'user.invite_renew',
  'user.rename',
  'user.create',
  'user.password_set',
  'session.end',
  'session.end_others',
  'session.end_all',
  'person.export',
  'person.erase',
  'retention.run',
  'retention.setting',
  'user.password_forgot',
  'mail.setting',
  'lead_response.setting',
] as const;
export type StaffAuditAction = (typeof STAFF_AUDIT_ACTIONS)[number];

/** How the staff audit screen names each action (its filter and its lines). */
export const STAFF_AUDIT_ACTION_LABELS: Record<StaffAuditAction, string> = {
  'user.invite': 'Invited',
  'user.invite_cancel': 'Invite cancelled',
  'user.invite_renew': 'New invite link',
  'user.setup': 'Password chosen',
  'user.create': 'Account created (command line)',
  'user.password_set': 'Password set (command line)',
  'user.role': 'Role changed',
  'user.rename': 'Name changed',
  'user.password_reset': 'Password reset',
  'user.deactivate': 'Deactivated',
  'user.reactivate': 'Reactivated',
  'session.end': 'Device signed out',
  'session.end_others': 'Signed out everywhere else',
  'session.end_all': 'Signed out everywhere',
  'person.export': 'Person exported',
  'person.erase': 'Person erased',
  'retention.run': 'Retention run',
  'retention.setting': 'Retention setting changed',
  'user.password_forgot': 'Password link e-mailed (forgot password)',
  'mail.setting': 'Mail setting changed',
  'lead_response.setting': 'Overdue-after setting changed',
};

/**
 * A staff account's state: `invited` until the person opens their link and chooses a password, `active` once they
 * have (a password reset keeps them active, waiting for the new link), `deactivated` when an admin retired them.
 */
export const STAFF_STATES = ['active', 'invited', 'deactivated'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

/** How long an invite or password-reset link works: long enough to pass on by chat or phone, short enough not to linger. */
export const ACCOUNT_LINK_TTL_DAYS = 7;

export const US_STATES = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'],
  ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'],
  ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'],
  ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'],
  ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'],
  ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
] as const;
export const US_STATE_CODES = US_STATES.map(([code]) => code) as unknown as readonly [
  (typeof US_STATES)[number][0],
  ...(typeof US_STATES)[number][0][],
];
export type UsState = (typeof US_STATES)[number][0];

/** Spam guard: a form submitted faster than this after it was shown is treated as a bot. */
export const MIN_FILL_MS = 1500;

/**
 * The public forms' honeypot: its name in the page (name and id) and in the JSON body. It matches none of the
 * words browsers' autofill heuristics look for (name, e-mail, address, phone, company, url, website), so a
 * person's autofill leaves it empty; only a bot that fills every input it finds fills it.
 */
export const HONEYPOT_FORM_FIELD = 'dm_trap';

/** The honeypot's earlier name: still read, since a device may replay a body it queued before the rename. */
export const EARLIER_HONEYPOT_FIELD = 'website';

/**
 * A public form posted without script (method="post" to its JSON route) carries the path of the page it was
 * sent from in this hidden field: the lead's source label comes from it, and a refused post is answered with
 * that page again, its values and messages filled in.
 */
export const FORM_PAGE_FIELD = 'dm_page';

/**
 * A public form posted by the browser while the page's inline boot script has run (before the app hydrated, or
 * when its code never arrived) carries its fill time in this hidden field, stamped at the first Submit on that
 * page (web/boot.js), so such a post meets the same spam rule and rate limit as the app's own submissions. It
 * becomes the body's `elapsedMs`; a post with script turned off leaves it empty.
 */
export const FILL_TIME_FORM_FIELD = 'dm_fill_ms';

export const LIMITS = {
  name: 100, email: 254, company: 200, phone: 40, longText: 5000, url: 2000, attribution: 500, eventName: 200,
  /** The raw text a scanned badge carried, in UTF-8 bytes (a vCard with a photo would be far larger: none do). */
  scanPayloadBytes: 4096,
  consentTextVersion: 40,
} as const;

/** Rows in one page of an admin list: `limit` is `default` unless asked, from 1 up to `max`. */
export const PAGE_LIMIT = { default: 50, max: 500 } as const;

// ---- Event capture: qualification, consent, scans and card photos ----

/** How warm the rep judged the person: two taps at the booth. */
export const LEAD_RATINGS = [
  { value: 'hot', label: 'Hot' },
  { value: 'warm', label: 'Warm' },
  { value: 'cold', label: 'Cold' },
] as const;
export const LEAD_RATING_VALUES = ['hot', 'warm', 'cold'] as const;
export type LeadRating = (typeof LEAD_RATING_VALUES)[number];

/** The products a person asked about; stored and exported in this order. */
export const INTERESTS = [
  { value: 'postcards', label: 'Postcards' },
  { value: 'letters', label: 'Letters' },
  { value: 'print-api', label: 'Print API' },
  { value: 'informed-delivery', label: 'Informed Delivery' },
  { value: 'digital-audiences', label: 'Digital audiences' },
] as const;
export const INTEREST_VALUES = ['postcards', 'letters', 'print-api', 'informed-delivery', 'digital-audiences'] as const;
export type Interest = (typeof INTEREST_VALUES)[number];

export const FOLLOW_UPS = [
  { value: 'call', label: 'Call' },
  { value: 'email', label: 'E-mail' },
  { value: 'samples', label: 'Send samples' },
  { value: 'none', label: 'None' },
] as const;
export const FOLLOW_UP_VALUES = ['call', 'email', 'samples', 'none'] as const;
export type FollowUp = (typeof FOLLOW_UP_VALUES)[number];

/**
 * The consent checkbox of the capture screen, worded once for both sides. Whenever the wording changes, the
 * version changes too: each lead keeps the version its person agreed to, so we can always tell what they read.
 */
export const CAPTURE_CONSENT = {
  version: '2026-11-23',
  text: 'DirectMailers may contact me about DirectMailers products',
} as const;

/** Barcode formats a badge scan may report: the names of the Shape Detection API's BarcodeDetector. */
export const SCAN_FORMAT_VALUES = [
  'qr_code', 'aztec', 'data_matrix', 'pdf417', 'code_128', 'code_39', 'code_93', 'codabar',
  'ean_13', 'ean_8', 'itf', 'upc_a', 'upc_e', 'unknown',
] as const;
export type ScanFormat = (typeof SCAN_FORMAT_VALUES)[number];

/** Card photos (PUT /api/capture/photos/:captureKey): raster types only (never SVG, which can carry script). */
export const CAPTURE_PHOTO_TYPES = ['image/jpeg', 'image/webp', 'image/png'] as const;
export type CapturePhotoType = (typeof CAPTURE_PHOTO_TYPES)[number];
export const CAPTURE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
