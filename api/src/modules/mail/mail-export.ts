// What a person's export holds of mail: each message about their records, as it was sent (a digest is named, not
// copied: it lists other people too; an alert it folded is there as its line in that digest, which is all it was).
import type { Knex } from 'knex';
import type { PersonMailMessage } from '../../contract';
import { messagesAboutRecords } from './mail-queries';

export async function mailAboutRecords(db: Knex, records: { leadIds: readonly number[]; sampleIds: readonly number[] }): Promise<PersonMailMessage[]> {
  const messages = await messagesAboutRecords(db, records);
  return messages.map((m) => ({
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    state: m.state,
    createdAt: m.createdAt,
    sentAt: m.sentAt,
    text: m.kind === 'digest' ? null : m.text,
  }));
}
