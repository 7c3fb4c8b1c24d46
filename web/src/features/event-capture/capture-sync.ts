// Keeps the device's captures in step with the outbox, which alone decides delivery: an item's state there
// (waiting, failed, waiting for sign-in) becomes the capture's; an item that left the outbox was delivered
// (the outbox drops an item only once the server stored it, or when the person discards it by hand). A
// 'delivered' event carries the server's answer, so the capture learns its lead id and whether it merged.
// A capture's card photo is its own outbox item and follows the same rules.
import type { CapturePhoto as PhotoAnswer, CaptureResult } from '@contract';
import { listOutboxItems, type OutboxItem } from '../../lib/outbox';
import { listCaptures, updateCaptures } from './capture-db';
import { WAITING_FOR_SIGN_IN, type CapturePhoto, type CaptureRecord } from './capture-types';

interface Receipt {
  leadId?: number;
  merged?: boolean;
  at: number;
}

const REFUSED = 'Refused by the server';

// Answers that arrived before their capture was written (a fast network can beat the second write).
const receipts = new Map<string, Receipt>();
const photoReceipts = new Set<string>();

function receiptOf(body: unknown): Receipt {
  const result = body as Partial<CaptureResult> | undefined;
  return { leadId: result?.id, merged: result?.merged, at: Date.now() };
}

function sent(record: CaptureRecord, receipt: Receipt | undefined): CaptureRecord {
  return {
    ...record,
    state: 'sent',
    reason: undefined,
    leadId: record.leadId ?? receipt?.leadId,
    merged: record.merged ?? receipt?.merged,
    sentAt: record.sentAt ?? receipt?.at ?? Date.now(),
  };
}

/** The server stored this capture: mark it sent with its lead. */
export async function recordSent(id: string, body: unknown): Promise<boolean> {
  const receipt = receiptOf(body);
  receipts.set(id, receipt);
  return updateCaptures([id], (current) => sent(current, receipt));
}

/** The server stored a capture's photo; its answer names the capture by its key. */
export async function recordPhotoSent(itemId: string, body: unknown): Promise<boolean> {
  photoReceipts.add(itemId);
  const captureKey = (body as Partial<PhotoAnswer> | undefined)?.captureKey;
  if (!captureKey) return false;
  return updateCaptures([captureKey], (current) => (current.photo && current.photo.state !== 'sent' ? { ...current, photo: { ...current.photo, state: 'sent', reason: undefined } } : undefined));
}

/** The state an outbox item gives to what it carries, or undefined when the item says nothing new. */
function stateFrom(item: OutboxItem | undefined, delivered: boolean): { state: CaptureRecord['state']; reason?: string } {
  if (delivered || !item) return { state: 'sent' };
  if (item.state === 'failed') return { state: 'needs-attention', reason: item.error?.message || REFUSED };
  return { state: 'waiting', reason: item.state === 'auth' ? WAITING_FOR_SIGN_IN : undefined };
}

function photoFromOutbox(photo: CapturePhoto, item: OutboxItem | undefined): CapturePhoto | undefined {
  if (photo.state === 'sent') return undefined;
  const next = stateFrom(item, photoReceipts.has(photo.itemId));
  if (next.state === photo.state && next.reason === photo.reason) return undefined;
  return { ...photo, ...next };
}

/** The capture's state from its outbox items (or the lack of them). */
function fromOutbox(record: CaptureRecord, items: Map<string, OutboxItem>): CaptureRecord | undefined {
  let next = record;
  if (record.state !== 'sent') {
    const receipt = receipts.get(record.id);
    const item = items.get(record.id);
    if (receipt || !item) next = sent(record, receipt);
    else {
      const { state, reason } = stateFrom(item, false);
      if (record.state !== state || record.reason !== reason) next = { ...record, state, reason };
    }
  }
  const photo = next.photo && photoFromOutbox(next.photo, items.get(next.photo.itemId));
  if (photo) next = { ...next, photo };
  return next === record ? undefined : next;
}

/**
 * Brings every unsent capture (and photo) in line with the outbox. Captures are read before the outbox: a
 * capture is written after its outbox items, so an item missing from the later read really has left it.
 */
export async function reconcile(): Promise<void> {
  const unsent = (await listCaptures()).filter((c) => c.state !== 'sent' || (c.photo && c.photo.state !== 'sent')).map((c) => c.id);
  if (!unsent.length) return;
  const items = new Map((await listOutboxItems()).map((i) => [i.id, i]));
  await updateCaptures(unsent, (current) => fromOutbox(current, items));
}
