// The leads' part of an erasure: the stored answers of their form submissions, then the leads themselves through
// deleteLeads, which takes their counts out of lead_rollups (the search index follows the rows).
import type { PersonalDataPart } from '../../lib/personal-data';
import { dropAnswersOfRecords } from '../../pipeline/idempotency-queries';
import { deleteLeads } from './leads-queries';
import { LEAD_KEY_SCOPE } from './leads-service';

export const leadsPersonalData: PersonalDataPart = {
  tables: ['idempotency_keys', 'leads'],
  async erase(trx, { leadIds }) {
    const storedAnswers = await dropAnswersOfRecords(trx, [LEAD_KEY_SCOPE], leadIds);
    return { storedAnswers, leads: await deleteLeads(trx, leadIds) };
  },
};
