// Moments in the queries a Knex instance sends, read from its `query` event (emitted just before a statement goes
// to the database): tests start a competing change at the exact step of a request they race with.
import type { Db } from '../db/knex';

interface QueryEvent {
  sql: string;
  bindings?: unknown[];
}

/** Resolves with `work`'s outcome, started when `db` is about to send the first statement `matches` accepts. */
export function whenQuery(db: Db, matches: (query: QueryEvent) => boolean, work: () => Promise<unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const listener = (query: QueryEvent) => {
      if (!matches(query)) return;
      db.off('query', listener);
      work().then(resolve, reject);
    };
    db.on('query', listener);
  });
}

/** Resolves when `db` begins its next transaction. */
export function nextTransaction(db: Db): Promise<unknown> {
  return whenQuery(db, (query) => /^begin\b/i.test(query.sql), async () => {});
}
