// The session cookie's signer against Keygrip itself (the one Koa's cookies would have used), so the cookies
// browsers already hold keep working: the same signatures, the older key found by its index, anything else refused.
// Then through the real app: a forged signature is a 401, a cookie signed with the key before is accepted and
// signed again with today's.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CookieKeys } from './cookie-keys';
import { useTestApp } from '../testing/test-app';
import { signInAs } from '../testing/sign-in';

// Keygrip as Koa reaches it: koa → cookies → keygrip (none of them ours to list).
const fromKoa = createRequire(createRequire(import.meta.url).resolve('koa'));
const Keygrip = createRequire(fromKoa.resolve('cookies'))('keygrip') as (keys: string[]) => Pick<CookieKeys, 'sign' | 'index' | 'verify'>;

const NEW_KEY = 'cookie-keys-test-new-key-cookie-keys-test-new-key-0123';
const OLD_KEY = 'cookie-keys-test-old-key-cookie-keys-test-old-key-4567';
const SAMPLES = ['dm.sid=abc', 'dm.sid=', `dm.sid=${'x'.repeat(300)}`, 'dm.sid=äöü-€-🙂', 'dm.sid=a/b+c=d'];

describe('CookieKeys, against Keygrip', () => {
  it('signs exactly as Keygrip does, with the newest key', () => {
    const ours = new CookieKeys([NEW_KEY, OLD_KEY]);
    const theirs = Keygrip([NEW_KEY, OLD_KEY]);
    for (const data of SAMPLES) expect(ours.sign(data)).toBe(theirs.sign(data));
  });

  it('finds the key that signed: 0 for the newest, 1 for the one before, -1 for none', () => {
    const ours = new CookieKeys([NEW_KEY, OLD_KEY]);
    for (const data of SAMPLES) {
      expect(ours.index(data, Keygrip([NEW_KEY]).sign(data))).toBe(0);
      expect(ours.index(data, Keygrip([OLD_KEY]).sign(data))).toBe(1);
      expect(ours.index(data, Keygrip(['some-other-key-some-other-key-some-other-key']).sign(data))).toBe(-1);
      expect(ours.verify(data, Keygrip([OLD_KEY]).sign(data))).toBe(true);
    }
  });

  it('refuses a damaged, shortened, lengthened or empty signature, and another cookie\'s', () => {
    const ours = new CookieKeys([NEW_KEY]);
    const good = ours.sign('dm.sid=abc');
    const flipped = `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [flipped, good.slice(0, -1), `${good}A`, '', ours.sign('dm.sid=abd')]) {
      expect(ours.index('dm.sid=abc', bad)).toBe(-1);
      expect(ours.verify('dm.sid=abc', bad)).toBe(false);
    }
  });

  it('needs a key', () => {
    expect(() => new CookieKeys([])).toThrow('Keys must be provided.');
  });
});

describe('the session cookie through the app', () => {
  const app = useTestApp('sqlite', { sessionKeys: [NEW_KEY, OLD_KEY] });

  const cookieParts = (cookie: string) => Object.fromEntries(cookie.split('; ').map((c) => [c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)]));
  const userWith = (cookie: string) => fetch(`${app.baseUrl}/api/auth/user`, { headers: { cookie } });

  it('a signed-in session is known by its cookie; the same cookie with a forged signature is not (401)', async () => {
    const { cookie, user } = await signInAs(app, 'rep');
    const ok = await userWith(cookie);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { email: string }).email).toBe(user.email);

    const parts = cookieParts(cookie);
    const sig = parts['dm.sid.sig']!;
    const forged = `dm.sid=${parts['dm.sid']}; dm.sid.sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const refused = await userWith(forged);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe('Unauthorized');
  });

  it('a cookie signed with the key before still signs in, and comes back signed with today\'s', async () => {
    const { cookie, user } = await signInAs(app, 'rep');
    const sid = cookieParts(cookie)['dm.sid']!;
    const res = await userWith(`dm.sid=${sid}; dm.sid.sig=${Keygrip([OLD_KEY]).sign(`dm.sid=${sid}`)}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(user.email);
    const resigned = res.headers.getSetCookie().find((c) => c.startsWith('dm.sid.sig='));
    expect(resigned?.split(';')[0]).toBe(`dm.sid.sig=${Keygrip([NEW_KEY]).sign(`dm.sid=${sid}`)}`);
  });
});
