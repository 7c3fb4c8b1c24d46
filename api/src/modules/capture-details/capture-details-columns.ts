// What a rep's capture adds to a lead: qualification, consent, the raw badge scan and the photo
// link, as the columns of `leads` both ways, and how a second capture of the same person merges into them.
import { toBool, toIso } from '../../db/types';
import {
  FOLLOW_UPS, INTERESTS, INTEREST_VALUES, LEAD_RATINGS,
  type CaptureData, type FollowUp, type Interest, type LeadCaptureDetails, type LeadRating, type ScanFormat,
} from '../../contract';

/** A website lead: nothing captured, no consent question asked. */
export const NO_CAPTURE_DETAILS: LeadCaptureDetails = {
  rating: null,
  interests: [],
  followUp: null,
  consentGiven: null,
  consentTextVersion: null,
  consentAt: null,
  scanPayload: null,
  scanFormat: null,
  hasPhoto: false,
  photoUrl: null,
};

/** The URL a staff session reads a capture's photo from (never public). */
export function capturePhotoUrl(captureKey: string): string {
  return `/api/capture/photos/${encodeURIComponent(captureKey)}`;
}

/** The columns a new capture writes. Consent not given still writes false: the lead is marked as such. */
export function captureDetailsColumns(input: CaptureData, nowIso: string): Record<string, unknown> {
  return {
    rating: input.rating ?? null,
    interests: input.interests?.length ? JSON.stringify(input.interests) : null,
    follow_up: input.followUp ?? null,
    consent_given: input.consent === true,
    consent_text_version: input.consentTextVersion ?? null,
    consent_at: input.consent ? consentTime(input, nowIso) : null,
    scan_payload: input.scanPayload ?? null,
    scan_format: input.scanFormat ?? null,
  };
}

/**
 * A second capture of the person: later non-empty values win, interests add up, and consent once given stays
 * (a rep who did not tick the box the second time has not heard the person withdraw it); consent given again
 * records the newer wording and time. Only changed columns are returned.
 */
export function mergedCaptureDetailsColumns(existing: LeadCaptureDetails, input: CaptureData, nowIso: string): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (input.rating && input.rating !== existing.rating) patch.rating = input.rating;
  if (input.followUp && input.followUp !== existing.followUp) patch.follow_up = input.followUp;
  const interests = INTEREST_VALUES.filter((v) => existing.interests.includes(v) || input.interests?.includes(v));
  if (interests.length !== existing.interests.length) patch.interests = JSON.stringify(interests);
  if (input.consent) {
    patch.consent_given = true;
    patch.consent_text_version = input.consentTextVersion ?? null;
    patch.consent_at = consentTime(input, nowIso);
  } else if (existing.consentGiven === null) {
    patch.consent_given = false;
  }
  if (input.scanPayload) {
    patch.scan_payload = input.scanPayload;
    patch.scan_format = input.scanFormat ?? null;
  }
  return patch;
}

/** The device's time of the consent when it sent one; a time in the future is the device's clock, not a fact. */
function consentTime(input: CaptureData, nowIso: string): string {
  if (!input.consentAt) return nowIso;
  const at = new Date(input.consentAt).toISOString();
  return at > nowIso ? nowIso : at;
}

export function captureDetailsFromRow(row: Record<string, unknown>): LeadCaptureDetails {
  const photoKey = (row.photo_key as string | null | undefined) ?? null;
  return {
    rating: (row.rating as LeadRating | null) ?? null,
    interests: interestsFromColumn(row.interests),
    followUp: (row.follow_up as FollowUp | null) ?? null,
    consentGiven: row.consent_given == null ? null : toBool(row.consent_given),
    consentTextVersion: (row.consent_text_version as string | null) ?? null,
    consentAt: row.consent_at == null ? null : toIso(row.consent_at),
    scanPayload: (row.scan_payload as string | null) ?? null,
    scanFormat: (row.scan_format as ScanFormat | null) ?? null,
    hasPhoto: photoKey !== null,
    photoUrl: photoKey === null ? null : capturePhotoUrl(photoKey),
  };
}

function interestsFromColumn(v: unknown): Interest[] {
  if (typeof v !== 'string' || v === '') return [];
  try {
    const list = JSON.parse(v) as unknown;
    return Array.isArray(list) ? INTEREST_VALUES.filter((i) => list.includes(i)) : [];
  } catch {
    return [];
  }
}

/** The latest photo's key of each lead, as a correlated sub-select over capture_photos' (lead_id, created_at) index. */
export const LATEST_PHOTO_KEY_SQL =
  '(select p.capture_key from capture_photos p where p.lead_id = leads.id order by p.created_at desc, p.id desc limit 1) as photo_key';

/** SQL LIKE pattern finding one interest in the JSON array column. */
export function interestPattern(interest: Interest): string {
  return `%${JSON.stringify(interest)}%`;
}

const label = (list: readonly { value: string; label: string }[], value: string | null) =>
  value ? (list.find((i) => i.value === value)?.label ?? value) : null;

/** Lines of the CRM note: what the rep judged and whether the person agreed to be contacted. */
export function captureDetailsNoteRows(d: LeadCaptureDetails): [string, string | null][] {
  return [
    ['Rating', label(LEAD_RATINGS, d.rating)],
    ['Interests', d.interests.length ? d.interests.map((i) => label(INTERESTS, i)).join(', ') : null],
    ['Follow-up', label(FOLLOW_UPS, d.followUp)],
    [
      'Consent to contact',
      d.consentGiven === null ? null : d.consentGiven ? `Yes (wording ${d.consentTextVersion ?? 'unknown'}, ${d.consentAt ?? ''})` : 'No',
    ],
  ];
}
