// The security headers as literal values, on a page, a built asset, an image, an API answer and a card photo:
// a weakened policy fails here (a comparison with what helmet produces from the same options would pass it).
// HSTS is sent on answers that came over HTTPS only, which behind a proxy means TRUST_PROXY and
// `X-Forwarded-Proto: https`; each case is asserted on its own. The pages and assets come from the build
// (`npm test` builds before the unit tests).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST_DIR } from '../config';
import { readInlineScriptHashes } from './inline-scripts';
import { api, useTestApp } from '../testing/test-app';
import { signInAs, type SignedIn } from '../testing/sign-in';

const HSTS = 'max-age=31536000; includeSubDomains';
/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

function directives(csp: string | null): Map<string, string> {
  return new Map((csp ?? '').split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0]!, d.split(/\s+/).slice(1).join(' ')]));
}

function someAsset(): string {
  const js = fs.readdirSync(path.join(WEB_DIST_DIR, 'assets')).find((f) => f.endsWith('.js'));
  if (!js) throw new Error('No web build: run `npm run build` first');
  return `/assets/${js}`;
}

/** A rep's capture with a card photo, made through the API as the capture screen makes it; answers the photo's path. */
async function photoThroughTheApi(baseUrl: string, rep: SignedIn): Promise<string> {
  const key = crypto.randomUUID();
  const capture = await api(baseUrl, 'POST', '/api/capture/leads', { eventName: 'Header Expo', firstName: 'Hal', lastName: 'Headers', email: `hal-${key}@example.com` }, {
    Cookie: rep.cookie,
    'Idempotency-Key': key,
  });
  expect(capture.status).toBe(201);
  const photoPath = `/api/capture/photos/${key}`;
  const upload = await fetch(baseUrl + photoPath, { method: 'PUT', headers: { 'Content-Type': 'image/png', Cookie: rep.cookie }, body: PNG });
  expect(upload.status).toBe(201);
  return photoPath;
}

describe('security headers', () => {
  const app = useTestApp('sqlite');
  let rep: SignedIn;
  beforeAll(async () => {
    rep = await signInAs(app, 'rep', 'Rita Rep');
  });

  it('a page, an asset, an image, an API answer and a card photo - the CSP, referrer policy and nosniff as the product sets them', async () => {
    const [bootHash] = readInlineScriptHashes(WEB_DIST_DIR);
    expect(bootHash, 'the build recorded the boot script hash').toMatch(/^'sha256-[A-Za-z0-9+/]+=*'$/);
    const photo = await photoThroughTheApi(app.baseUrl, rep);
    for (const url of ['/', someAsset(), '/favicon.svg', '/api/health', photo]) {
      const res = await fetch(app.baseUrl + url, { headers: url === photo ? { Cookie: rep.cookie } : {} });
      expect([url, res.status]).toEqual([url, 200]);
      if (url === photo) expect(Buffer.from(await res.arrayBuffer()).equals(PNG), 'the photo itself').toBe(true);
      const csp = directives(res.headers.get('content-security-policy'));
      expect([url, csp.get('default-src')]).toEqual([url, "'self'"]);
      expect([url, csp.get('script-src')]).toEqual([url, `'self' 'wasm-unsafe-eval' ${bootHash}`]);
      expect([url, csp.get('frame-ancestors')]).toEqual([url, "'none'"]);
      expect([url, csp.get('form-action')]).toEqual([url, "'self'"]);
      expect([url, csp.get('object-src')]).toEqual([url, "'none'"]);
      expect([url, csp.get('base-uri')]).toEqual([url, "'self'"]);
      expect([url, res.headers.get('referrer-policy')]).toEqual([url, 'strict-origin-when-cross-origin']);
      expect([url, res.headers.get('x-content-type-options')]).toEqual([url, 'nosniff']);
      expect([url, res.headers.get('x-powered-by')]).toEqual([url, null]);
      // Plain HTTP: a browser ignores HSTS here, and the server does not send it.
      expect([url, res.headers.get('strict-transport-security')]).toEqual([url, null]);
    }
  });

  it('without TRUST_PROXY - a forged X-Forwarded-Proto: https gets no HSTS', async () => {
    const res = await fetch(`${app.baseUrl}/api/health`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('security headers behind a proxy (TRUST_PROXY)', () => {
  const app = useTestApp('sqlite', { config: { trustProxy: true } });
  let rep: SignedIn;
  beforeAll(async () => {
    rep = await signInAs(app, 'rep', 'Rita Rep');
  });

  it('answers the proxy forwarded over HTTPS - HSTS on a page, an asset, an API answer and a card photo', async () => {
    const photo = await photoThroughTheApi(app.baseUrl, rep);
    for (const url of ['/', someAsset(), '/api/health', photo]) {
      const res = await fetch(app.baseUrl + url, { headers: { 'X-Forwarded-Proto': 'https', ...(url === photo ? { Cookie: rep.cookie } : {}) } });
      expect([url, res.status]).toEqual([url, 200]);
      expect([url, res.headers.get('strict-transport-security')]).toEqual([url, HSTS]);
    }
  });

  it('an answer the proxy forwarded over plain HTTP - no HSTS', async () => {
    const res = await fetch(`${app.baseUrl}/api/health`, { headers: { 'X-Forwarded-Proto': 'http' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
