import crypto from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { configureHashing, DEFAULT_HASH_COST, hashPassword, needsRehash, verifyPassword } from './password';

describe('password hashing', () => {
  // The files of one vitest worker share their modules (vitest.config.ts): an app another file started has set the
  // tests' cost. These tests start from the product's default, and leave the tests' cost (the environment's) after.
  beforeEach(() => configureHashing({ hashCost: DEFAULT_HASH_COST }));
  afterAll(() => configureHashing({ hashCost: loadConfig().signIn.hashCost }));

  it('hash - self-describing scrypt at OWASP cost, salted, verifies only the right password', async () => {
    const a = await hashPassword('correct horse battery');
    const b = await hashPassword('correct horse battery');
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it('a hash made at a lower cost - still verifies and asks to be upgraded', async () => {
    const crypto = await import('node:crypto');
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync('old password', salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const old = `scrypt$16384$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('old password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('PASSWORD_HASH_COST - 17 (OWASP) unless set; new hashes take the set cost, and older-cost hashes ask to be upgraded', async () => {
    expect(loadConfig({}).signIn.hashCost).toBe(DEFAULT_HASH_COST);
    expect(DEFAULT_HASH_COST).toBe(17);
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
    const atDefault = await hashPassword('correct horse battery');
    try {
      configureHashing({ hashCost: 12 });
      const cheap = await hashPassword('correct horse battery');
      expect(cheap).toMatch(/^scrypt\$4096\$8\$1\$/);
      expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
      expect(await verifyPassword('correct horse battery', atDefault)).toBe(true);
      expect(needsRehash(atDefault)).toBe(true);
      expect(needsRehash(cheap)).toBe(false);
    } finally {
      configureHashing({ hashCost: DEFAULT_HASH_COST });
    }
  });

  it('garbage or absurd parameters in the stored hash - false, never a crash or a huge allocation', async () => {
    for (const bad of ['', 'plain', 'scrypt$1$1$1$a$b', `scrypt$${2 ** 30}$8$1$AAAAAAAAAAAAAAAAAAAAAA$${'A'.repeat(86)}`, 'bcrypt$x']) {
      expect(await verifyPassword('x', bad)).toBe(false);
    }
  });

  describe('hashes at once', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      configureHashing({ maxConcurrentHashes: 2 });
    });

    /** The most scrypt runs in progress at one time while `count` hashes are asked for together. */
    async function mostAtOnce(count: number): Promise<number> {
      vi.restoreAllMocks();
      const scrypt = crypto.scrypt;
      let running = 0;
      let most = 0;
      vi.spyOn(crypto, 'scrypt').mockImplementation(((...args: unknown[]) => {
        const done = args.pop() as (err: Error | null, key: Buffer) => void;
        most = Math.max(most, ++running);
        (scrypt as (...a: unknown[]) => void)(...args, (err: Error | null, key: Buffer) => {
          running--;
          done(err, key);
        });
      }) as typeof crypto.scrypt);
      await Promise.all(Array.from({ length: count }, (_, i) => hashPassword(`password number ${i}`)));
      return most;
    }

    it('the setting says 4 - four hashes run at once, never more; says 1 - one at a time', { timeout: 60_000 }, async () => {
      configureHashing({ maxConcurrentHashes: 4 });
      expect(await mostAtOnce(6)).toBe(4);
      configureHashing({ maxConcurrentHashes: 1 });
      expect(await mostAtOnce(3)).toBe(1);
    });
  });
});
