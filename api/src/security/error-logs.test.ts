// A database error while storing a lead is logged without the lead's personal data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../testing/test-app';

describe.each(ENGINES)('error logs on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    // The production logger, writing where the test can read it.
    app = await startTestApp(testDb.db, { logger: createLogger('info', { write: (line: string) => void lines.push(line) }) });
    // Every lead insert now fails inside the database. On PostgreSQL a failed CHECK also lists the whole row in
    // the error's `detail`: the harshest case.
    if (engine === 'postgres') {
      await testDb.db.raw('alter table leads add constraint refuse_every_lead check (false) not valid');
    } else {
      await testDb.db.raw(`create trigger refuse_every_lead before insert on leads begin select raise(abort, 'lead refused'); end`);
    }
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('failed lead insert - 500 for the client, logged with the SQL but without the e-mail, phone or name', async () => {
    const res = await api(app.baseUrl, 'POST', '/api/leads', {
      firstName: 'Privata', lastName: 'Persona', email: 'leak-check@example.com', phone: '555-0142-9876', elapsedMs: 8000,
    });
    expect(res.status).toBe(500);
    expect(res.json).toEqual({ message: 'Internal server error' });
    const logged = lines.join('');
    // The failure is logged (so the test looks at the right line), with the statement's shape for the operator.
    expect(logged).toMatch(/"msg":"unhandled error"/);
    expect(logged).toMatch(/insert into/);
    for (const secret of ['leak-check', '555-0142', 'Privata', 'Persona']) expect(logged).not.toContain(secret);
  });
});
