// Two newcomers using two different first-run links at the same moment (two processes each printed one). Each
// use marks its own link used and then every other one: on PostgreSQL two uses that had both marked their own
// link waited for each other's row, a deadlock, and one of them got a 500. To make both reach the database
// together, the links are held by a transaction of another connection (as another process would) while both
// uses begin theirs; the outcome asserted does not depend on when that hold ends.
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { holdTransaction } from '../../testing/held-transaction';
import { nextTransaction } from '../../testing/query-events';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { createSetupToken } from './setup-link';

const newcomer = (n: number) => ({ name: `Newcomer ${n}`, email: `newcomer${n}@example.com`, password: 'a long first password' });

describe.each(ENGINES)('two setup links used at once on %s', (engine) => {
  const app = useTestApp(engine);

  it('two newcomers with two different links at the same moment - one makes the first admin (201), the other is told an account exists (410), never a 500', { timeout: 60_000 }, async () => {
    const tokens = [await createSetupToken(app.deps), await createSetupToken(app.deps)];

    const hold = await holdTransaction(app.connectAgain(), (trx) => trx('setup_tokens').whereNull('used_at').update({ used_at: null }));

    const begun = nextTransaction(app.db);
    const uses = tokens.map((token, i) => api(app.baseUrl, 'POST', '/api/auth/setup', { ...newcomer(i), token }));
    await begun;
    // Both uses hashed their password side by side; this is time for the other one to begin too and for both
    // to reach the held links (on SQLite, its one connection takes them in turn). Ending the hold earlier only
    // makes the meeting less likely, never the assertions below wrong.
    await delay(300);
    await hold.release();
    const answers = (await Promise.all(uses)).map((res) => ({ status: res.status, body: res.json }));

    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
    expect(answers.find((a) => a.status === 410)!.body).toEqual({ message: 'An account already exists. Sign in instead.' });
    expect(await app.db('users').count({ n: '*' }).first()).toEqual({ n: 1 });
    expect(await app.db('setup_tokens').whereNull('used_at')).toEqual([]);
  });
});
