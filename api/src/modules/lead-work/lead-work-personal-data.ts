// Lead work's part of a person's erasure and export: the timeline of their leads (notes are personal data), and
// the stored answers of notes sent with an Idempotency-Key, which repeat the note's text.
import type { Db } from '../../db/knex';
import type { LeadTimelineEntry } from '../../contract';
import type { PersonalDataPart } from '../../lib/personal-data';
import { dropAnswersOfRecords } from '../../pipeline/idempotency-queries';
import { deleteTimelines, timelineOf } from './lead-work-queries';
import { NOTE_KEY_SCOPE } from './lead-work-service';

export const leadWorkPersonalData: PersonalDataPart = {
  tables: ['lead_timeline', 'idempotency_keys'],
  async erase(trx, { leadIds }) {
    const removed = await deleteTimelines(trx, leadIds);
    const storedAnswers = await dropAnswersOfRecords(trx, [NOTE_KEY_SCOPE], removed);
    return storedAnswers ? { storedAnswers } : {};
  },
};

/** The timeline of these leads, for the person's export. */
export function timelineAboutLeads(db: Db, leadIds: readonly number[]): Promise<LeadTimelineEntry[]> {
  return leadIds.length ? timelineOf(db, leadIds) : Promise.resolve([]);
}
