import type { CaptureData } from '@contract';

/** What the rep typed about one person, trimmed and checked with the server's schema (no event). */
export type CaptureFields = Omit<CaptureData, 'eventName'>;

/**
 * waiting: in the outbox, to be sent (or waiting for a sign-in: `reason` says so). sent: the server stored it.
 * needs-attention: the server refused it; `reason` says why. The outbox decides delivery; this is the
 * device's own record of what was captured, kept after sending for the list and the CSV backup.
 */
export type CaptureState = 'waiting' | 'sent' | 'needs-attention';

/**
 * A badge scan behind a capture: the code's text exactly as read (the evidence the fields came from, and all
 * there is when the payload was not recognised) and its barcode format.
 */
export interface CaptureScan {
  rawPayload: string;
  /** As the Barcode Detection API names it: qr_code, code_128, pdf417, data_matrix, aztec. */
  scanFormat: string;
}

/** The signed-in account that made a capture: only that account sees it, exports it or sends it. */
export interface CaptureOwner {
  id: number;
  name: string;
}

/**
 * A card photo kept with its capture (downscaled JPEG/WebP). Its upload is an outbox item of its own
 * (`itemId`), sent after the capture; the Blob stays here for the thumbnail until the capture is purged.
 */
export interface CapturePhoto {
  blob: Blob;
  itemId: string;
  state: CaptureState;
  reason?: string;
}

export interface CaptureRecord {
  /** The capture's Idempotency-Key, which is also its outbox item's id. */
  id: string;
  eventName: string;
  fields: CaptureFields;
  /** Present when the person's badge was scanned. */
  scan?: CaptureScan;
  /** When the rep pressed Save (ms since the epoch). */
  capturedAt: number;
  state: CaptureState;
  reason?: string;
  /** The lead the server stored or merged it into, when its answer reached this device. */
  leadId?: number;
  merged?: boolean;
  sentAt?: number;
  /** Absent only on captures saved before captures were bound to their account. */
  owner?: CaptureOwner;
  photo?: CapturePhoto;
}

export const WAITING_FOR_SIGN_IN = 'Waiting for a sign-in';
