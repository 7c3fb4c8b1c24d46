// The sample requests' part of an erasure: the stored answers of their form submissions, then the requests.
import type { PersonalDataPart } from '../../lib/personal-data';
import { dropAnswersOfRecords } from '../../pipeline/idempotency-queries';
import { deleteSampleRequests } from './samples-queries';
import { SAMPLE_KEY_SCOPE } from './samples-service';

export const samplesPersonalData: PersonalDataPart = {
  tables: ['idempotency_keys', 'sample_requests'],
  async erase(trx, { sampleIds }) {
    const storedAnswers = await dropAnswersOfRecords(trx, [SAMPLE_KEY_SCOPE], sampleIds);
    return { storedAnswers, sampleRequests: await deleteSampleRequests(trx, sampleIds) };
  },
};
