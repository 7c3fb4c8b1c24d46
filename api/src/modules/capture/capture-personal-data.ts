// The captures' part of an erasure: the stored receipts of the reps' captures of the erased leads.
import type { PersonalDataPart } from '../../lib/personal-data';
import { dropAnswersOfRecords } from '../../pipeline/idempotency-queries';
import { CAPTURE_KEY_SCOPE } from './capture-service';

export const capturePersonalData: PersonalDataPart = {
  tables: ['idempotency_keys'],
  async erase(trx, { leadIds }) {
    return { storedAnswers: await dropAnswersOfRecords(trx, [CAPTURE_KEY_SCOPE], leadIds) };
  },
};
