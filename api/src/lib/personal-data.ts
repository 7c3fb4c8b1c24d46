// One contract for erasing people: every module that keeps personal data about leads or sample requests answers
// for its own tables through its front door, and the privacy module asks each in turn, in one transaction (a
// person's erasure, a retention run). A new module that keeps such data adds its part to the privacy module's list.
import type { Knex } from 'knex';
import type { ErasureCounts } from '../contract';

/** The records an erasure takes. */
export interface ErasedRecords {
  leadIds: readonly number[];
  sampleIds: readonly number[];
}

export interface PersonalDataPart {
  /** Every table it deletes rows from or rewrites rows of: their old versions are flushed after the commit. */
  tables: readonly string[];
  /** Deletes its rows about these records in the erasure's transaction; answers what it counts. */
  erase: (trx: Knex.Transaction, records: ErasedRecords) => Promise<Partial<ErasureCounts>>;
}
