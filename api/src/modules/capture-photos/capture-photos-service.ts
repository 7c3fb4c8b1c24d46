// Card photos. A device uploads the photo after its capture, knowing only the capture's
// Idempotency-Key: PUT /api/capture/photos/<key>. Exactly once: the key names the photo, a repeat with the same
// bytes answers the same, different bytes under the key are refused (the first stays). Only the account that
// made the capture (or an admin) may upload or read it; staff read it from the lead's detail.
import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { capturePhotoUrl, findCapture, type LeadCapture } from '../capture-details';
import { CAPTURE_PHOTO_TYPES, type CapturePhoto, type CapturePhotoType, type CurrentUser } from '../../contract';
import { findPhoto, insertPhotoOnce, type StoredPhoto, type StoredPhotoInfo } from './capture-photos-queries';
import { sniffImageType } from './image-type';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

const TYPE_NAMES: Record<CapturePhotoType, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' };

export function isPhotoType(type: string): type is CapturePhotoType {
  return (CAPTURE_PHOTO_TYPES as readonly string[]).includes(type);
}

export const unsupportedType = () => new AppError('unsupported_media_type', 'A photo must be a JPEG, WebP or PNG image');

/** Reps only for their own captures; admins for any. */
function mayUse(user: CurrentUser, capturedBy: number | null): boolean {
  return user.role === 'admin' || capturedBy === user.id;
}

/**
 * Checked before a byte of the body is read. A capture not known yet is a 409, which a device's outbox takes as
 * "try again later", like a 503: its photo may arrive before the capture it belongs to was stored.
 */
export async function captureForUpload(deps: Deps, user: CurrentUser, captureKey: string): Promise<LeadCapture> {
  const capture = await findCapture(deps.db, captureKey);
  if (!capture) throw new AppError('conflict', 'The capture this photo belongs to has not arrived yet; try again later');
  if (!mayUse(user, capture.capturedBy)) throw new AppError('forbidden', 'This capture was made by another account');
  return capture;
}

export interface PhotoOutcome {
  status: number;
  body: CapturePhoto;
  replayed: boolean;
}

export async function storePhoto(deps: Deps, user: CurrentUser, capture: LeadCapture, declaredType: CapturePhotoType, bytes: Buffer): Promise<PhotoOutcome> {
  if (bytes.length === 0) throw new AppError('validation', 'The photo is empty');
  const actual = sniffImageType(bytes);
  if (actual !== declaredType) {
    throw new AppError('unsupported_media_type', `The file is not a ${TYPE_NAMES[declaredType]} image`);
  }
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const { photo, inserted } = await insertPhotoOnce(deps.db, {
    captureKey: capture.captureKey,
    leadId: capture.leadId,
    uploadedBy: user.id,
    contentType: actual,
    sha256,
    data: bytes,
    nowIso: deps.clock().toISOString(),
  });
  if (photo.sha256 !== sha256) {
    throw new AppError('idempotency_mismatch', 'A different photo was already stored for this capture');
  }
  return { status: 201, body: photoBody(photo), replayed: !inserted };
}

export async function readPhoto(deps: Deps, user: CurrentUser, captureKey: string): Promise<StoredPhoto> {
  const photo = await findPhoto(deps.db, captureKey);
  if (!photo) throw new AppError('not_found', 'Photo not found');
  if (!mayUse(user, photo.capturedBy)) throw new AppError('forbidden', 'This capture was made by another account');
  return photo;
}

function photoBody(p: StoredPhotoInfo): CapturePhoto {
  return {
    captureKey: p.captureKey,
    leadId: p.leadId,
    contentType: p.contentType,
    byteSize: p.byteSize,
    url: capturePhotoUrl(p.captureKey),
    uploadedAt: p.uploadedAt,
  };
}
