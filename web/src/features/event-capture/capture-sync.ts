// Keeps the device's captures in step with the outbox, which alone decides delivery: an item's state there
// (waiting, failed, waiting for sign-in) becomes the capture's; an item that left the outbox was delivered
// (the outbox drops an item only once the server stored it, or when the person discards it by hand). A
// 'delivered' event carries the server's answer, so the capture learns its lead id and whether it merged.
import type { CaptureResult } from '@contract';
import { listOutboxItems, type OutboxItem } from '../../lib/outbox';
import { listCaptures, updateCaptures } from './capture-db';
import { WAITING_FOR_SIGN_IN, type CaptureRecord } from './capture-types';

interface Receipt {
  leadId?: number;
  merged?: boolean;
  at: number;
}

const REFUSED = 'Refused by the server';

// Answers that arrived before their capture was written (a fast network can beat the second write).
const receipts = new Map<string, Receipt>();

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

/** The capture's state from its outbox item (or the lack of one). */
function fromOutbox(record: CaptureRecord, item: OutboxItem | undefined): CaptureRecord | undefined {
  if (record.state === 'sent') return undefined; // delivered is final
  const receipt = receipts.get(record.id);
  if (receipt || !item) return sent(record, receipt);
  if (item.state === 'failed') return { ...record, state: 'needs-attention', reason: item.error?.message || REFUSED };
  const reason = item.state === 'auth' ? WAITING_FOR_SIGN_IN : undefined;
  if (record.state === 'waiting' && record.reason === reason) return undefined;
  return { ...record, state: 'waiting', reason };
}

/**
 * Brings every unsent capture in line with the outbox. Captures are read before the outbox: a capture is
 * written after its outbox item, so an item missing from the later read really has left the outbox.
 */
export async function reconcile(): Promise<void> {
  const unsent = (await listCaptures()).filter((c) => c.state !== 'sent').map((c) => c.id);
  if (!unsent.length) return;
  const items = new Map((await listOutboxItems()).map((i) => [i.id, i]));
  await updateCaptures(unsent, (current) => fromOutbox(current, items.get(current.id)));
}
