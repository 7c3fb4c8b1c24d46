// The keys that sign the session cookie (`dm.sid.sig`): what the `cookies` package asks of a Keygrip, answered the
// way Keygrip answers it (HMAC-SHA1 of the cookie, in base64 with `+/` as `-_` and no padding), so every cookie a
// browser already holds stays valid, and a cookie signed with an older key is still found by its index.
//
// Keygrip compares a signature through tsscmp, which hides the comparison's timing by drawing a random key and
// making two more HMACs with it: three HMACs and a random draw in front of every staff request, about a twentieth
// of the event loop's time under a capture load (docs/performance.md, Log). Node's timingSafeEqual compares in
// constant time by itself, so one HMAC per key is enough.
import crypto from 'node:crypto';

/** What app.keys must answer (Keygrip's three methods), for the cookies package. */
export class CookieKeys {
  private readonly keys: readonly string[];

  /** `keys`: the newest first, as Koa's app.keys takes them (today one: session-secret.ts). */
  constructor(keys: readonly string[]) {
    if (keys.length === 0) throw new Error('Keys must be provided.');
    this.keys = [...keys];
  }

  sign(data: string): string {
    return signature(data, this.keys[0]!);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key signed `data` into `digest`: 0 for the newest, -1 for none (a forged or damaged signature). */
  index(data: string, digest: string): number {
    const given = Buffer.from(String(digest));
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(signature(data, this.keys[i]!));
      if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) return i;
    }
    return -1;
  }
}

/** Keygrip's signature: base64url without padding is exactly its replacement of `/`, `+` and `=`. */
function signature(data: string, key: string): string {
  return crypto.createHmac('sha1', key).update(data).digest('base64url');
}
