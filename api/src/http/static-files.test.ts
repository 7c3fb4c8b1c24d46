// What a client gets on the wire: the precompressed copy the build wrote, chosen by Accept-Encoding, with
// the original's Content-Type and `Vary: Accept-Encoding`; JSON compressed on the fly; nothing compressed
// for a client that asks for no encoding. Raw node:http requests, because fetch would decode the body and
// hide which encoding came.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/precompress';
import { createTestDb, ENGINES, startTestApp, type TestApp, type TestDb } from '../testing/test-app';

// Text that compresses the way a real bundle does, well over the 1 KB below which nothing is compressed.
const SCRIPT = Array.from({ length: 200 }, (_, i) => `export function handler${i}(event) { return event.target.value + ${i}; }`).join('\n');
const PAGE = `<!doctype html><html lang="en"><head><title>Home</title></head><body>${'<p>Personalised, trackable direct mail.</p>'.repeat(80)}</body></html>`;
const MANIFEST = JSON.stringify({ name: 'DirectMailers', icons: Array.from({ length: 40 }, (_, i) => ({ src: `/icons/icon-${i}.png`, sizes: `${i}x${i}` })) });

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function rawGet(baseUrl: string, pathName: string, acceptEncoding: string | null, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    const req = http.request(baseUrl + pathName, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(ENGINES)('compressed answers (%s)', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dm-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
    fs.writeFileSync(path.join(dist, '404.html'), PAGE.replace('Home', 'Not found'));
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), SCRIPT);
    fs.mkdirSync(path.join(dist, 'print'));
    fs.writeFileSync(path.join(dist, 'print/index.html'), PAGE.replace('Home', 'Print'));
    await precompress(dist);
    // A deploy that rewrote a page and left its old copies beside it.
    const later = new Date(Date.now() + 60_000);
    fs.writeFileSync(path.join(dist, 'print/index.html'), PAGE.replace('Home', 'Print, new'));
    fs.utimesSync(path.join(dist, 'print/index.html'), later, later);
    // Written after the build step, so it has no precompressed copy: the server compresses it per request.
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFEST);
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db, { config: { webDistDir: dist } });
  });

  afterAll(async () => {
    await app?.close();
    await testDb?.drop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends a hashed asset as its Brotli copy to a client that accepts br, typed as JavaScript and cached for good', async () => {
    const res = await rawGet(app.baseUrl, '/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts gzip but not br', async () => {
    const res = await rawGet(app.baseUrl, '/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no encoding, or sends no Accept-Encoding', async () => {
    for (const accept of ['identity', null]) {
      const res = await rawGet(app.baseUrl, '/assets/index-abc123.js', accept);
      expect(res.headers['content-encoding'], `Accept-Encoding: ${accept}`).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('answers HEAD for an asset with the Brotli copy`s headers and no body', async () => {
    const res = await rawGet(app.baseUrl, '/assets/index-abc123.js', 'br', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dist, 'assets/index-abc123.js.br')).size);
    expect(res.body.length).toBe(0);
  });

  it('sends a prerendered page Brotli-compressed, still never cached', async () => {
    const res = await rawGet(app.baseUrl, '/', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(PAGE);
  });

  it("sends a prerendered page's precompressed copy (quality 11, written by the build)", async () => {
    const res = await rawGet(app.baseUrl, '/', 'br');
    expect(Number(res.headers['content-length'])).toBe(fs.statSync(path.join(dist, 'index.html.br')).size);
    const gz = await rawGet(app.baseUrl, '/', 'gzip');
    expect(Number(gz.headers['content-length'])).toBe(fs.statSync(path.join(dist, 'index.html.gz')).size);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(PAGE);
  });

  it('never answers with a copy older than its page: the page rewritten since is compressed on the fly', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await rawGet(app.baseUrl, '/print', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      const body = encoding === 'br' ? zlib.brotliDecompressSync(res.body) : zlib.gunzipSync(res.body);
      expect(body.toString()).toContain('Print, new');
    }
  });

  it('sends the 404 page compressed, with status 404', async () => {
    const res = await rawGet(app.baseUrl, '/no-such-page', 'br');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString()).toContain('Not found');
  });

  it('compresses a manifest without a precompressed copy on the fly, with Brotli', async () => {
    const res = await rawGet(app.baseUrl, '/manifest.webmanifest', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(MANIFEST);
  });

  it('compresses a JSON answer over 1 KB with Brotli, and leaves a tiny one as it is', async () => {
    const plain = await rawGet(app.baseUrl, '/api/pricing/products', null);
    expect(plain.body.length, 'the seeded price list is over the 1 KB threshold').toBeGreaterThan(1024);

    const big = await rawGet(app.baseUrl, '/api/pricing/products', 'gzip, deflate, br');
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['vary']).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(big.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const tiny = await rawGet(app.baseUrl, '/api/health', 'gzip, deflate, br');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(tiny.body.toString())).toBeTruthy();
  });
});
