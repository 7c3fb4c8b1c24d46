// The capture rows' part of an erasure (who captured the lead, when, under which key).
import type { PersonalDataPart } from '../../lib/personal-data';
import { deleteCapturesOfLeads } from './lead-captures-queries';

export const captureDetailsPersonalData: PersonalDataPart = {
  tables: ['lead_captures'],
  async erase(trx, { leadIds }) {
    return { captures: await deleteCapturesOfLeads(trx, leadIds) };
  },
};
