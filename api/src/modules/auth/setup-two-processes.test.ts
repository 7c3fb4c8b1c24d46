// Two server processes started together on one empty database, as a newcomer running two instances would: each
// prints its own first-run link, and whichever one the newcomer opens must work; once it has made the first
// admin, the other says so.
import { describe, expect, it } from 'vitest';
import { ENGINES, api } from '../../testing/test-app';
import { createChildDatabase, startServerChild } from '../../testing/server-child';

const FIRST_RUN_LINK = /First run: create the first admin account at (\S+)/;
const admin = { name: 'First Admin', email: 'first@example.com', password: 'a long first password' };

describe.each(ENGINES)('first-run links of two processes on %s', (engine) => {
  it('two processes started together on an empty database - both printed links work until one makes the admin, then the other says to sign in (410)', { timeout: 120_000 }, async () => {
    const database = await createChildDatabase(engine);
    const servers = await Promise.all([startServerChild(database.url), startServerChild(database.url)]);
    try {
      const links = await Promise.all(servers.map(async (s) => new URL((await s.waitForLine(FIRST_RUN_LINK))[1]!)));
      const tokens = links.map((l) => l.searchParams.get('token')!);
      expect(tokens[0]).not.toBe(tokens[1]);
      // Each link checked on the other process too: the database, not the process, decides.
      for (const token of tokens) {
        for (const server of servers) {
          const check = await api(server.baseUrl, 'GET', `/api/auth/setup?token=${token}`);
          expect(check.status).toBe(200);
        }
      }
      // The newcomer opens the first process's link on the second process, which printed another.
      const created = await api(servers[1]!.baseUrl, 'POST', '/api/auth/setup', { ...admin, token: tokens[0] });
      expect(created.status).toBe(201);
      const other = await api(servers[0]!.baseUrl, 'GET', `/api/auth/setup?token=${tokens[1]}`);
      expect(other.status).toBe(410);
      expect(other.json).toEqual({ message: 'An account already exists. Sign in instead.' });
    } finally {
      await Promise.all(servers.map((s) => s.kill()));
      await database.drop();
    }
  });
});
