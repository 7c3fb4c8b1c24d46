// Where to go after signing in. `next` comes from the address bar, so anyone can write it: only a path on
// this site is followed (no open redirect). `//evil.example` and `/\evil.example` are other
// sites to a browser, and tabs or newlines are dropped by URL parsing, so all of those are refused.
import { LIMITS } from '@contract';

export const DEFAULT_AFTER_SIGN_IN = '/admin';

export function safeNextPath(raw: string | null | undefined, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (!raw || raw.length > LIMITS.url) return fallback;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return fallback;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return fallback;
  try {
    const base = 'https://same-site.invalid';
    const url = new URL(raw, base);
    return url.origin === base ? url.pathname + url.search + url.hash : fallback;
  } catch {
    return fallback;
  }
}
