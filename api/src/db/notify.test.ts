// A process's signals on SQLite (db/notify.ts) reach its own listeners: at once outside a transaction, on COMMIT
// inside one, never after a ROLLBACK. And loading the SQLite thread's job side (sqlite-thread-jobs.ts), as a test
// of its Knex does, does not divert them: only the thread's host turns relaying on. (It once did on import, and
// the test files sharing a vitest worker with such a test stopped hearing account changes: live-doors failed.)
import { describe, expect, it } from 'vitest';
import { useTestDb } from '../testing/test-app';
import { listen, notify } from './notify';
// Loaded here as a test of the thread's Knex loads it (insert-shape-cache.test.ts): the point of this file.
import './sqlite-thread-jobs';

describe('signals on SQLite, in the process that sent them', () => {
  const database = useTestDb('sqlite');

  /** The payloads `channel` heard while `send` ran, and one turn of the loop after it. */
  const heardWhile = async (channel: string, send: () => Promise<unknown>): Promise<string[]> => {
    const heard: string[] = [];
    const listening = await listen(database.db, channel, (payload) => heard.push(payload), () => {}, (err) => { throw err; });
    try {
      await send().catch(() => {});
      await new Promise((resolve) => setImmediate(resolve));
      return heard;
    } finally {
      await listening.close();
    }
  };

  it('outside a transaction - heard at once', async () => {
    expect(await heardWhile('plain', () => notify(database.db, 'plain', 'one'))).toEqual(['one']);
  });

  it('inside a transaction - heard once it commits', async () => {
    const heard = await heardWhile('committed', () =>
      database.db.transaction(async (trx) => {
        await notify(trx, 'committed', 'two');
        await trx.raw('select 1');
      }),
    );
    expect(heard).toEqual(['two']);
  });

  it('inside a transaction that rolls back - never heard', async () => {
    const heard = await heardWhile('rolled-back', () =>
      database.db.transaction(async (trx) => {
        await notify(trx, 'rolled-back', 'three');
        throw new Error('rolled back on purpose');
      }),
    );
    expect(heard).toEqual([]);
  });
});
