// The card photos' part of an erasure.
import type { PersonalDataPart } from '../../lib/personal-data';
import { deletePhotosOfLeads } from './capture-photos-queries';

export const capturePhotosPersonalData: PersonalDataPart = {
  tables: ['capture_photos'],
  async erase(trx, { leadIds }) {
    return { photos: await deletePhotosOfLeads(trx, leadIds) };
  },
};
