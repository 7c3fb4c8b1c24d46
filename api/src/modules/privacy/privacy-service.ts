// A person, by e-mail address, across everything the product stores: found (leads, suspected spam included,
// sample requests, captures with their photos and consent), exported as one JSON file for a subject access
// request, or erased everywhere in one transaction. Exports and erasures are written to the staff audit log in
// their own transaction, under a salted hash of the address (person-subject.ts), never the address itself.
import type { AppDeps } from '../../deps';
import { flushDeletedData } from '../../db/dialect';
import type { Db } from '../../db/knex';
import { NOT_ERASED, type CurrentUser, type ErasureReport, type PersonCapture, type PersonExport, type PersonRecords, type PipedriveErasureStatus } from '../../contract';
import { findLeadsByEmail } from '../leads';
import { findSampleRequestsByEmail } from '../samples';
import { capturesOfLeads, capturePhotoUrl } from '../capture-details';
import { photosOfLeads } from '../capture-photos';
import { dropAnswersMentioning } from '../../pipeline/idempotency-queries';
import { pipedriveSideOf, waitingErasures } from '../crm';
import { listStaffActions, recordStaffAction } from '../staff-audit';
import { mailAboutRecords } from '../mail';
import { timelineAboutLeads } from '../lead-work';
import { ERASED_TABLES, eraseRecords } from './erase-records';
import { personSubject } from './person-subject';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessionKeys' | 'logger'>;

/** Everything stored for this address, without the photos' bytes. */
export async function findPerson(deps: Deps, email: string): Promise<PersonRecords> {
  const { records, captures, photos } = await readPerson(deps.db, email, { withPhotoData: false });
  const erasures = await listStaffActions(deps.db, { actions: ['person.erase'], subject: personSubject(deps.sessionKeys, email), limit: 20 });
  return {
    ...records,
    captures: captures.map((c) => ({ ...c, photo: photoOf(photos, c.captureKey) })),
    erasures: erasures.map((e) => ({ at: e.createdAt, by: e.actorName })),
  };
}

/** The whole of it, photos as base64 with their SHA-256, for the person; the export is on the audit log. */
export async function exportPerson(deps: Deps, actor: CurrentUser, email: string): Promise<PersonExport> {
  const exportedAt = deps.clock().toISOString();
  const { records, captures, photos } = await readPerson(deps.db, email, { withPhotoData: true });
  const mail = await mailAboutRecords(deps.db, { leadIds: records.leads.map((l) => l.id), sampleIds: records.sampleRequests.map((r) => r.id) });
  const timeline = await timelineAboutLeads(deps.db, records.leads.map((l) => l.id));
  const body: PersonExport = {
    exportedAt,
    ...records,
    captures: captures.map((c) => {
      const photo = photos.find((p) => p.captureKey === c.captureKey);
      return {
        ...c,
        photo: photo ? { ...photoOf(photos, c.captureKey)!, sha256: photo.sha256, base64: photo.data!.toString('base64') } : null,
      };
    }),
    mail,
    timeline,
  };
  await recordStaffAction(deps.db, deps.clock, {
    actor: { id: actor.id, name: actor.name },
    action: 'person.export',
    subject: personSubject(deps.sessionKeys, email),
    details: { leads: body.leads.length, sampleRequests: body.sampleRequests.length, captures: body.captures.length, photos: photos.length, mail: mail.length, timeline: timeline.length },
  });
  return body;
}

/**
 * Erases every record of this address and what hangs off them (erase-records.ts), the stored answers that
 * repeat it, and queues the Pipedrive side; the audit line commits with the erasure or not at all. 409 when a
 * CRM sync of one of the records is under way (it would write after us).
 */
export async function erasePerson(deps: Deps, actor: CurrentUser, email: string): Promise<ErasureReport> {
  const subject = personSubject(deps.sessionKeys, email);
  const now = deps.clock();
  const removed = await deps.db.transaction(async (trx) => {
    // One after another on the transaction's one connection (node-postgres refuses overlapping queries from pg 9).
    const leads = await findLeadsByEmail(trx, email);
    const sampleRequests = await findSampleRequestsByEmail(trx, email);
    const counts = await eraseRecords(
      trx,
      { leads: leads.map(({ id, email }) => ({ id, email })), sampleRequests: sampleRequests.map(({ id, email }) => ({ id, email })) },
      { now, leaseMs: deps.config.crm.leaseMs, whenSyncing: 'refuse' },
    );
    // Answers stored under keys whose record went long ago, or in a scope that names no record.
    counts.storedAnswers += await dropAnswersMentioning(trx, email);
    await recordStaffAction(trx, deps.clock, { actor: { id: actor.id, name: actor.name }, action: 'person.erase', subject, details: { ...counts } });
    return counts;
  });
  // After the commit, outside it: the deleted rows' old versions leave the database's files too (dialect.ts).
  await flushDeletedData(deps.db, ERASED_TABLES).catch((err: unknown) => deps.logger.warn({ err }, 'removing the erased rows\' old versions failed'));
  return { removed, subject, notErased: NOT_ERASED };
}

/** Pipedrive deletions still in the queue (an outage or a refused token keeps them there). */
export async function pipedriveErasureStatus(deps: Pick<AppDeps, 'db' | 'config'>): Promise<PipedriveErasureStatus> {
  return { connected: !!deps.config.crm.pipedriveApiToken, ...(await waitingErasures(deps.db)) };
}

type StoredPhotos = Awaited<ReturnType<typeof photosOfLeads>>;

async function readPerson(db: Db, email: string, { withPhotoData }: { withPhotoData: boolean }) {
  const [leads, sampleRequests] = await Promise.all([findLeadsByEmail(db, email), findSampleRequestsByEmail(db, email)]);
  const leadIds = leads.map((l) => l.id);
  const [captureRows, photos, pipedrive] = await Promise.all([
    capturesOfLeads(db, leadIds),
    photosOfLeads(db, leadIds, { withData: withPhotoData }),
    pipedriveSideOf(
      db,
      [...leads.map((l) => ({ kind: 'lead' as const, id: l.id, email: l.email })), ...sampleRequests.map((r) => ({ kind: 'sample_request' as const, id: r.id, email: r.email }))],
      [email],
    ),
  ]);
  const eventOf = new Map(leads.map((l) => [l.id, l.eventName]));
  const captures: Omit<PersonCapture, 'photo'>[] = captureRows.map((c) => ({
    captureKey: c.captureKey,
    leadId: c.leadId,
    eventName: eventOf.get(c.leadId) ?? null,
    capturedBy: c.capturedByName,
    capturedAt: c.createdAt,
  }));
  return { records: { email, leads, sampleRequests, pipedrive }, captures, photos };
}

function photoOf(photos: StoredPhotos, captureKey: string): PersonCapture['photo'] {
  const p = photos.find((photo) => photo.captureKey === captureKey);
  return p ? { contentType: p.contentType, byteSize: p.byteSize, url: capturePhotoUrl(p.captureKey), uploadedAt: p.uploadedAt } : null;
}
