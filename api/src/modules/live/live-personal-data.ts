// The live desk's part of an erasure: the replay window's events about the records (each carries the record as the
// admin lists show it).
import type { PersonalDataPart } from '../../lib/personal-data';
import { deleteLiveEventsOfRecords } from './live-queries';

export const livePersonalData: PersonalDataPart = {
  tables: ['live_events'],
  async erase(trx, records) {
    await deleteLiveEventsOfRecords(trx, records);
    return {};
  },
};
