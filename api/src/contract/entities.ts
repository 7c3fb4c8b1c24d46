// Response shapes: camelCase JSON, dates as ISO-8601 strings, money in decimal dollars.
import type { Industry, Volume, SampleType, TemplateType, ProductCategory, UserRole, UsState, LeadRating, Interest, FollowUp, ScanFormat, CapturePhotoType, SpamReason, StaffAuditAction, StaffState } from './constants';
import type { LeadOwner, LeadStage } from './lead-work';

/** Where a visitor came from (UTM parameters, referrer, landing page); fields absent when unknown. */
export interface Attribution {
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
  utmTerm?: string;
  utmContent?: string;
  referrer?: string;
  landingPage?: string;
}

export interface Lead extends LeadCaptureDetails {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  phone: string | null;
  industry: Industry | null;
  volume: Volume | null;
  message: string | null;
  leadSource: string;
  source: string;
  status: string;
  /** Why the last CRM sync failed, while status is `sync_failed`; otherwise null. */
  syncError: string | null;
  attribution: Attribution | null;
  /** The event a rep captured the lead at; null for leads from the website. */
  eventName: string | null;
  /** Display name of the staff account that captured it; null for leads from the website. */
  capturedBy: string | null;
  /** Set while the lead waits in quarantine as suspected spam (staff's answers only, never the sender's). */
  spamReason: SpamReason | null;
  createdAt: string;
  /** The staff member working it (issue #31); null while unassigned. */
  owner: LeadOwner | null;
  /** The sales team's stage, apart from the CRM sync's `status`. */
  stage: LeadStage;
  /** Why it is not a fit, while its stage is not_a_fit; otherwise null. */
  stageReason: string | null;
  /** When it first left New (its first response); null while it never has. */
  firstResponseAt: string | null;
  /** When the overdue sweep raised it (unowned and still New too long); null otherwise. */
  overdueAt: string | null;
}

/**
 * What a rep's capture adds to a lead; for website leads all null, `interests` empty and
 * `consentGiven` null (the website form asks no consent question).
 */
export interface LeadCaptureDetails {
  rating: LeadRating | null;
  interests: Interest[];
  followUp: FollowUp | null;
  /** false: captured without the person's consent, stored but to be treated as such. */
  consentGiven: boolean | null;
  /** The CAPTURE_CONSENT version the person was shown. */
  consentTextVersion: string | null;
  consentAt: string | null;
  /** The raw text of the scanned badge, exactly as read. */
  scanPayload: string | null;
  scanFormat: ScanFormat | null;
  hasPhoto: boolean;
  /** The latest card photo (GET, staff session only). */
  photoUrl: string | null;
}

/**
 * POST /api/capture/leads: only what the rep's screen needs. Never the lead itself: a merge would otherwise
 * show a rep another rep's notes and the person's details.
 */
export interface CaptureResult {
  /** The lead the capture was stored as or merged into. */
  id: number;
  merged: boolean;
  eventName: string;
  /** When the server stored this capture. */
  capturedAt: string;
}

/** PUT /api/capture/photos/:captureKey. */
export interface CapturePhoto {
  captureKey: string;
  leadId: number;
  contentType: CapturePhotoType;
  byteSize: number;
  url: string;
  uploadedAt: string;
}

/** GET /api/admin/events/:name/summary: counted by the database. */
export interface EventDetail {
  name: string;
  leadCount: number;
  firstCapturedAt: string;
  lastCapturedAt: string;
  /** Leads per rep who first captured them, most first; `userId` null when the account was deleted. */
  byRep: { userId: number | null; name: string | null; leadCount: number }[];
  byRating: Record<LeadRating | 'unrated', number>;
  /** Leads with at least one card photo. */
  withPhotos: number;
  crm: { synced: number; pending: number; failed: number };
  consent: { given: number; notGiven: number };
}

/** GET /api/admin/events: each event leads were captured at, most recent first. */
export interface EventSummary {
  name: string;
  leadCount: number;
  lastCapturedAt: string;
}

export interface LeadsByDay {
  date: string;
  count: number;
}

export interface Stats {
  totalLeads: number;
  thisMonth: number;
  conversionRate: number;
  pipelineValue: number;
  leadsByDay: LeadsByDay[];
  /** Median seconds from arrival to the first step past New, over leads that arrived in the last 7 days (null: none answered). */
  medianFirstResponseSeconds7d: number | null;
  /** Share (0..1) of the last 7 days' leads answered within 5 minutes (null: none due yet). */
  answeredWithin5MinShare7d: number | null;
}

export interface SampleTemplate {
  id: number;
  name: string;
  type: TemplateType;
  frontImageUrl: string | null;
  backImageUrl: string | null;
  description: string | null;
  active: boolean;
  createdAt: string;
}

export interface SampleRequest {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  company: string | null;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: UsState;
  zip: string;
  sampleType: SampleType;
  pipedriveStatus: string;
  pipedriveDealId: string | null;
  /** Why the last CRM sync failed, while pipedriveStatus is `sync_failed`; otherwise null. */
  syncError: string | null;
  attribution: Attribution | null;
  processed: boolean;
  notes: string | null;
  /** Set while the request waits in quarantine as suspected spam (staff's answers only, never the sender's). */
  spamReason: SpamReason | null;
  createdAt: string;
}

export interface PricingProduct {
  id: number;
  name: string;
  category: ProductCategory;
  startingPrice: number;
  description: string | null;
  features: string[];
  isVisible: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
}

export interface PricingAuditEntry {
  id: number;
  action: string;
  productId: number | null;
  productName: string | null;
  userName: string | null;
  changes: { before: Partial<PricingProduct> | null; after: Partial<PricingProduct> | null };
  createdAt: string;
}

/** One line of the staff audit log; `actorName` is null for the system (retention runs, the CLI). */
export interface StaffAuditEntry {
  id: number;
  actorUserId: number | null;
  actorName: string | null;
  action: StaffAuditAction;
  /** What was acted on, never a person's personal data: `user:12`, `session`, `person:<salted hash>`. */
  subject: string | null;
  /** What changed (before/after for a change, counts for an erasure or a retention run). */
  details: Record<string, unknown>;
  createdAt: string;
}

export interface CurrentUser {
  id: number;
  email: string;
  name: string;
  role: UserRole;
}

/**
 * A one-time link: an invite (choose a first password), a password reset an admin made, or one the person asked for
 * on the sign-in page ("Forgot password?": an hour, e-mailed only).
 */
export type AccountLinkKind = 'invite' | 'reset' | 'forgot';

/** GET /api/admin/users: one staff account as the Team screen lists it. */
export interface StaffMember extends CurrentUser {
  state: StaffState;
  /** The last request any of their sessions made (kept to within a few minutes); null if never signed in. */
  lastActiveAt: string | null;
  /** Sessions signed in now (not expired). */
  deviceCount: number;
  createdAt: string;
  /** The link waiting to be used, if any; `expired` once its time is up (a new link is needed). */
  pendingLink: { kind: AccountLinkKind; expiresAt: string; expired: boolean } | null;
}

/**
 * What inviting, a new invite link or a password reset answers: the account and its one-time link, shown once, and
 * where the link was also e-mailed: `smtp` queued for the SMTP server, `file` saved on this server, not sent.
 */
export interface AccountLinkIssued {
  user: StaffMember;
  link: { url: string; expiresAt: string };
  mail: { to: string; via: 'smtp' | 'file' };
}

/** GET /api/auth/account-link?token=: whose link it is, so the page can greet them. */
export interface AccountLinkInfo {
  kind: AccountLinkKind;
  name: string;
  email: string;
  expiresAt: string;
}

/** One signed-in session: a device as its user agent describes it. */
export interface DeviceSession {
  /** Opaque handle for ending this session (not the cookie, which cannot be derived from it). */
  id: string;
  /** e.g. "Chrome 131"; null when the browser did not say. */
  browser: string | null;
  /** The operating system's name, e.g. "iOS", "Windows" (browsers freeze the version they report); null when unknown. */
  os: string | null;
  deviceType: 'desktop' | 'mobile' | 'tablet' | 'other';
  /** null for sessions signed in before devices were recorded. */
  signedInAt: string | null;
  lastActiveAt: string | null;
  /** The session making this request. */
  current: boolean;
}

/** GET /api/admin/crm/status: whether a Pipedrive token is configured, and how many syncs wait or failed. */
export interface CrmStatus {
  connected: boolean;
  pending: number;
  failed: number;
}

/** Every error answer: a message, plus the field → message map on a 400 validation failure. */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
}

/** What a public form's sender is answered: the stored record without the staff's quarantine mark. */
export type PublicAnswer<T extends { spamReason: SpamReason | null }> = Omit<T, 'spamReason'>;
