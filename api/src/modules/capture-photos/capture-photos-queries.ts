// Card photos in the database (BLOB on SQLite, bytea on PostgreSQL). Every query compiles to the same meaning
// on both engines.
import type { Knex } from 'knex';
import { toIso } from '../../db/types';
import { chunksOf } from '../../lib/chunks';
import type { CapturePhotoType } from '../../contract';

export interface StoredPhotoInfo {
  captureKey: string;
  leadId: number;
  contentType: CapturePhotoType;
  byteSize: number;
  sha256: string;
  uploadedAt: string;
}

export interface StoredPhoto extends StoredPhotoInfo {
  data: Buffer;
  /** The account that made the capture (not necessarily the uploader): decides who may read it. */
  capturedBy: number | null;
}

const INFO_COLUMNS = ['capture_key', 'lead_id', 'content_type', 'byte_size', 'sha256', 'created_at'];

function infoFromRow(row: Record<string, unknown>): StoredPhotoInfo {
  return {
    captureKey: String(row.capture_key),
    leadId: Number(row.lead_id),
    contentType: row.content_type as CapturePhotoType,
    byteSize: Number(row.byte_size),
    sha256: String(row.sha256),
    uploadedAt: toIso(row.created_at),
  };
}

/**
 * Stores the photo unless the capture already has one; answers what is stored now. Two uploads racing for one
 * key both end here: one insert wins, the other reads the winner, and the caller compares the bytes' hashes.
 */
export async function insertPhotoOnce(
  db: Knex,
  p: { captureKey: string; leadId: number; uploadedBy: number; contentType: CapturePhotoType; sha256: string; data: Buffer; nowIso: string },
): Promise<{ photo: StoredPhotoInfo; inserted: boolean }> {
  const inserted = await db('capture_photos')
    .insert({
      capture_key: p.captureKey,
      lead_id: p.leadId,
      uploaded_by: p.uploadedBy,
      content_type: p.contentType,
      byte_size: p.data.length,
      sha256: p.sha256,
      data: p.data,
      created_at: p.nowIso,
    })
    .onConflict('capture_key')
    .ignore()
    .returning('id');
  const row = await db('capture_photos').select(INFO_COLUMNS).where({ capture_key: p.captureKey }).first();
  return { photo: infoFromRow(row), inserted: inserted.length === 1 };
}

export async function findPhoto(db: Knex, captureKey: string): Promise<StoredPhoto | undefined> {
  const row = await db('capture_photos as p')
    .join('lead_captures as c', 'c.capture_key', 'p.capture_key')
    .select([...INFO_COLUMNS.map((c) => `p.${c}`), 'p.data', 'c.captured_by'])
    .where('p.capture_key', captureKey)
    .first();
  if (!row) return undefined;
  return {
    ...infoFromRow(row),
    data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data as Uint8Array),
    capturedBy: row.captured_by == null ? null : Number(row.captured_by),
  };
}

/** The photos of these leads, with their bytes when `withData` (an export), oldest first. */
export async function photosOfLeads(db: Knex, leadIds: readonly number[], { withData }: { withData: boolean }): Promise<(StoredPhotoInfo & { data?: Buffer })[]> {
  const out: (StoredPhotoInfo & { data?: Buffer })[] = [];
  for (const chunk of chunksOf(leadIds)) {
    const rows = await db('capture_photos')
      .select(withData ? [...INFO_COLUMNS, 'data'] : INFO_COLUMNS)
      .whereIn('lead_id', chunk)
      .orderBy([{ column: 'created_at' }, { column: 'id' }]);
    for (const row of rows) {
      const info = infoFromRow(row);
      out.push(withData ? { ...info, data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data as Uint8Array) } : info);
    }
  }
  return out;
}

/** Deletes the photos of these leads; answers how many went. */
export async function deletePhotosOfLeads(db: Knex, leadIds: readonly number[]): Promise<number> {
  let deleted = 0;
  for (const chunk of chunksOf(leadIds)) deleted += await db('capture_photos').whereIn('lead_id', chunk).delete();
  return deleted;
}
