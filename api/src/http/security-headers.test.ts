// The security headers as literal values, on a page, a built asset, an image and an API answer: a weakened
// policy fails here (a comparison with what helmet produces from the same options would pass it). The pages
// and assets come from the build (`npm test` builds before the unit tests).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../config';
import { readInlineScriptHashes } from './inline-scripts';
import { useTestApp } from '../testing/test-app';

function directives(csp: string | null): Map<string, string> {
  return new Map((csp ?? '').split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1).join(' ')]));
}

describe('security headers', () => {
  const app = useTestApp('sqlite');
  const someAsset = () => {
    const js = fs.readdirSync(path.join(WEB_DIST_DIR, 'assets')).find((f) => f.endsWith('.js'));
    if (!js) throw new Error('No web build: run `npm run build` first');
    return `/assets/${js}`;
  };

  it('a page, an asset, an image and an API answer - the CSP, referrer policy, HSTS and nosniff as the product sets them', async () => {
    const [bootHash] = readInlineScriptHashes(WEB_DIST_DIR);
    expect(bootHash, 'the build recorded the boot script hash').toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    for (const url of ['/', someAsset(), '/favicon.svg', '/api/health']) {
      const res = await fetch(app.baseUrl + url);
      expect([url, res.status]).toEqual([url, 200]);
      const csp = directives(res.headers.get('content-security-policy'));
      expect([url, csp.get('default-src')]).toEqual([url, "'self'"]);
      expect([url, csp.get('script-src')]).toEqual([url, `'self' 'wasm-unsafe-eval' ${bootHash}`]);
      expect([url, csp.get('frame-ancestors')]).toEqual([url, "'none'"]);
      expect([url, csp.get('form-action')]).toEqual([url, "'self'"]);
      expect([url, csp.get('object-src')]).toEqual([url, "'none'"]);
      expect([url, csp.get('base-uri')]).toEqual([url, "'self'"]);
      expect([url, res.headers.get('referrer-policy')]).toEqual([url, 'strict-origin-when-cross-origin']);
      expect([url, res.headers.get('strict-transport-security')]).toEqual([url, 'max-age=31536000; includeSubDomains']);
      expect([url, res.headers.get('x-content-type-options')]).toEqual([url, 'nosniff']);
      expect([url, res.headers.get('x-powered-by')]).toEqual([url, null]);
    }
  });
});

describe('security headers behind a proxy (TRUST_PROXY)', () => {
  const app = useTestApp('sqlite', { config: { trustProxy: true } });

  it('HSTS is sent on an answer the proxy forwarded over HTTPS', async () => {
    const res = await fetch(`${app.baseUrl}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
