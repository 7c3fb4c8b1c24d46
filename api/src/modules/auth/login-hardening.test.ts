// Sign-in under bursts: the throttle counts parallel guesses atomically, and the password hashes have a
// bounded queue (503 with Retry-After beyond it) instead of an unbounded one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, createTestDb, testConfig, type TestApp, type TestDb } from '../../testing/test-app';
import { DEFAULT_HASH_COST } from './password';
import { createAccount, signIn, startAppWith } from '../../testing/auth';

const PASSWORD = 'correct horse battery';

describe.each(ENGINES)('sign-in bursts on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let ipCounter = 0;
  const fromNewIp = () => ({ 'X-Forwarded-For': `203.0.113.${++ipCounter}` });

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    // Room for the whole burst in the hash queue, so only the throttle can refuse.
    app = await startAppWith(testDb.db, { trustProxy: true, signIn: { ...testConfig().signIn, maxConcurrentHashes: 2, maxQueuedHashes: 30 } });
    await createAccount(testDb.db, 'ann@example.com', PASSWORD, 'admin', 'Ann Admin');
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('25 parallel wrong passwords for one account from one address - at most 5 answered 401, the rest 429', { timeout: 120_000 }, async () => {
    const ip = fromNewIp();
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => signIn(app.baseUrl, 'ann@example.com', `wrong ${i}`, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(answers.find((a) => a.status === 429)!.json).toEqual({ message: 'Too many sign-in attempts. Try again in 15 minutes.' });
    // Refused attempts are not kept: exactly the five that were tried are on record.
    expect(Number((await testDb.db('login_attempts').where({ email: 'ann@example.com' }).count({ n: '*' }).first())!.n)).toBe(5);
    // The right password is refused too now: the account is locked for the window.
    expect((await signIn(app.baseUrl, 'ann@example.com', PASSWORD, fromNewIp())).status).toBe(429);
  });

  it('10 parallel guesses over many e-mails from an address with 17 failures - at most 3 answered 401', { timeout: 120_000 }, async () => {
    const ip = fromNewIp();
    // 17 earlier failures from this address, written as the service writes them (each real one costs a scrypt).
    const now = new Date().toISOString();
    await testDb.db('login_attempts').insert(Array.from({ length: 17 }, (_, i) => ({ email: `old${i}@example.com`, ip: ip['X-Forwarded-For'], created_at: now })));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(app.baseUrl, `guess${i}@example.com`, 'wrong', ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  });
});

describe('sign-in hash queue', () => {
  let testDb: TestDb;
  let app: TestApp;
  let ipCounter = 0;
  const fromNewIp = () => ({ 'X-Forwarded-For': `198.51.100.${++ipCounter}` });

  beforeAll(async () => {
    testDb = await createTestDb('sqlite');
    // The product's own cost: the queue fills because each hash takes hundreds of milliseconds (the suite's cheap
    // hashes take a few, and ten sign-ins could then pass one by one).
    app = await startAppWith(testDb.db, { trustProxy: true, signIn: { maxConcurrentHashes: 1, maxQueuedHashes: 1, hashCost: DEFAULT_HASH_COST } });
    await createAccount(testDb.db, 'bea@example.com', PASSWORD, 'admin', 'Bea Admin');
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('10 parallel sign-ins with room for 1 hashing and 1 waiting - the overflow gets 503 with Retry-After, the rest 401', { timeout: 60_000 }, async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(app.baseUrl, `flood${i}@example.com`, 'wrong', fromNewIp())));
    const busy = answers.filter((a) => a.status === 503);
    // Each hash takes hundreds of milliseconds, the ten arrive within a few: most find the queue full.
    expect(busy.length).toBeGreaterThanOrEqual(5);
    expect(answers.filter((a) => a.status !== 503 && a.status !== 401)).toEqual([]);
    expect(busy[0]!.json).toEqual({ message: 'Too many sign-ins at once. Please try again in a few seconds.' });
    expect(busy[0]!.headers.get('retry-after')).toBe('5');
    // The queue gives every slot back: once the burst is over, a sign-in goes through.
    const after = await signIn(app.baseUrl, 'bea@example.com', PASSWORD, fromNewIp());
    expect(after.status).toBe(200);
  });
});
