// Which Pipedrive user a staff account is (crm-pipedrive-users.ts), against the fake Pipedrive: asked once per staff
// member, even when two of their jobs ask at the same moment, and remembered, a match and "no such user" alike.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, useTestDb } from '../../testing/test-app';
import { startFakePipedrive, type FakePipedrive } from '../../testing/fake-pipedrive';
import { PipedriveClient } from './pipedrive-client';
import { pipedriveUserOf } from './crm-pipedrive-users';

describe.each(ENGINES)('the Pipedrive user of a staff account (%s)', (engine) => {
  const database = useTestDb(engine);
  let fake: FakePipedrive;
  let client: PipedriveClient;
  let userIds: { known: number; unknown: number };
  const clock = () => new Date();
  const lookups = () => fake.requests.filter((r) => r.method === 'GET' && r.path === '/api/v1/users/find');

  beforeAll(async () => {
    fake = await startFakePipedrive();
    fake.addUser({ name: 'Grace Hopper', email: 'grace@example.com' });
    const now = new Date().toISOString();
    const user = (email: string, name: string) => ({ email, name, role: 'admin', password_hash: 'x', created_at: now, updated_at: now });
    const [known] = await database.db('users').insert(user('Grace@Example.com', 'Grace Hopper')).returning('id');
    const [unknown] = await database.db('users').insert(user('nobody@example.com', 'No Body')).returning('id');
    userIds = { known: Number((known as { id: number }).id ?? known), unknown: Number((unknown as { id: number }).id ?? unknown) };
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    client = new PipedriveClient({ baseUrl: fake.url, apiToken: fake.token });
    fake.requests.length = 0;
  });

  it('two look-ups of one account at the same moment - one call to Pipedrive, the same answer to both, then remembered', async () => {
    const ctx = { db: database.db, client, clock };
    const [a, b] = await Promise.all([pipedriveUserOf(ctx, userIds.known), pipedriveUserOf(ctx, userIds.known)]);
    const graceId = fake.users.find((u) => u.email === 'grace@example.com')!.id;
    expect([a, b]).toEqual([graceId, graceId]);
    expect(lookups()).toHaveLength(1);
    expect(await pipedriveUserOf(ctx, userIds.known)).toBe(graceId);
    expect(lookups()).toHaveLength(1);
  });

  it('an account Pipedrive does not know - asked once for two at the same moment, and "no such user" remembered', async () => {
    const ctx = { db: database.db, client, clock };
    expect(await Promise.all([pipedriveUserOf(ctx, userIds.unknown), pipedriveUserOf(ctx, userIds.unknown)])).toEqual([null, null]);
    expect(await pipedriveUserOf(ctx, userIds.unknown)).toBeNull();
    expect(lookups()).toHaveLength(1);
    expect(await database.db('crm_pipedrive_users').where({ user_id: userIds.unknown }).first()).toMatchObject({ pipedrive_user_id: null });
  });
});
