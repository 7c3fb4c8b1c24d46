// Mail's part of a person's erasure: every queued or stored message about their records (alerts, the visitor's
// confirmation, CRM failure alerts, and any digest that listed them, which goes whole: it named them), and the .eml
// files saved for those messages once the erasure has committed (a rolled-back erasure keeps them).
import { afterCommit } from '../../db/lease-claim';
import type { PersonalDataPart } from '../../lib/personal-data';
import { deleteMessages, messagesAboutRecords } from './mail-queries';
import { removeEmlFiles } from './mail-transport';

export const mailPersonalData: PersonalDataPart = {
  tables: ['mail_messages', 'mail_message_records'],
  async erase(trx, records) {
    const messages = await messagesAboutRecords(trx, records);
    if (!messages.length) return {};
    // A digest that went out listed other alerts too: their rows stay, marked as gone out in it.
    await deleteMessages(trx, messages.map((m) => m.id));
    const files = messages.map((m) => m.emlFile).filter((f): f is string => !!f);
    if (files.length) afterCommit(trx, () => removeEmlFiles(files));
    return {};
  },
};
