// How long this device keeps what has been sent. A phone at a trade show is easily lost or handed on: a
// capture the server has (and its photo) is personal data with no reason to stay on the device, but the rep
// may want a few days to check the list or re-export it. So a fully sent capture is purged automatically
// 14 days after it was sent; "Clear sent captures" removes them at once. Unsent ones are never purged.
import type { CaptureOwner, CaptureRecord } from './capture-types';

export const SENT_RETENTION_DAYS = 14;
export const SENT_RETENTION_MS = SENT_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** The capture and its photo (if any) both reached the server. */
export function isFullySent(capture: CaptureRecord): boolean {
  return capture.state === 'sent' && (!capture.photo || capture.photo.state === 'sent');
}

/** Sent longer ago than the retention; a capture sent before `sentAt` was recorded counts from its capture. */
export function isPastRetention(capture: CaptureRecord, now: number, retentionMs = SENT_RETENTION_MS): boolean {
  return isFullySent(capture) && now - (capture.sentAt ?? capture.capturedAt) > retentionMs;
}

/**
 * Whether the signed-in account may see a capture. Captures saved before captures had owners were made by
 * whoever used the device then; they are shown to the account signed in now rather than hidden for ever.
 */
export function isVisibleTo(capture: CaptureRecord, user: CaptureOwner | null): boolean {
  return user !== null && (!capture.owner || capture.owner.id === user.id);
}

/** Other accounts' unsent captures on this device, by account: counted for a notice, never listed. */
export function othersWaiting(captures: CaptureRecord[], user: CaptureOwner | null): { name: string; count: number }[] {
  const byOwner = new Map<number, { name: string; count: number }>();
  for (const c of captures) {
    if (!c.owner || c.owner.id === user?.id || isFullySent(c)) continue;
    const entry = byOwner.get(c.owner.id) ?? { name: c.owner.name, count: 0 };
    entry.count++;
    byOwner.set(c.owner.id, entry);
  }
  return [...byOwner.values()];
}
