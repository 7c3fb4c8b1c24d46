// Test-only, read-only look into the e2e server's SQLite file (playwright.config.ts E2E_DB): what the event
// capture really stored. Tests never write here: data goes in through the product.
import { createDb, type Db } from '../../../../api/src/db/knex';
import { E2E_DB } from '../../../../playwright.config';

let db: Db | undefined;

function open(): Db {
  db ??= createDb(E2E_DB);
  return db;
}

export async function closeCaptureDb(): Promise<void> {
  await db?.destroy();
  db = undefined;
}

export interface CapturedLeadRow {
  id: number;
  email: string;
  first_name: string;
  message: string | null;
  source: string;
  lead_source: string;
  event_name: string | null;
  captured_by: number | null;
  captured_by_email: string | null;
}

export async function leadsAtEvent(eventName: string): Promise<CapturedLeadRow[]> {
  return open()('leads')
    .leftJoin('users', 'users.id', 'leads.captured_by')
    .where('leads.event_name', eventName)
    .select('leads.id', 'leads.email', 'leads.first_name', 'leads.message', 'leads.source', 'leads.lead_source', 'leads.event_name', 'leads.captured_by', 'users.email as captured_by_email')
    .orderBy('leads.id');
}

export interface CapturedPhotoRow {
  capture_key: string;
  lead_id: number;
  content_type: string;
  byte_size: number;
}

/** Card photos stored for leads of the event. */
export async function photosAtEvent(eventName: string): Promise<CapturedPhotoRow[]> {
  return open()('capture_photos')
    .join('leads', 'leads.id', 'capture_photos.lead_id')
    .where('leads.event_name', eventName)
    .select('capture_photos.capture_key', 'capture_photos.lead_id', 'capture_photos.content_type', 'capture_photos.byte_size')
    .orderBy('capture_photos.id');
}
