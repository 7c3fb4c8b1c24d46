// Card photos: PUT /api/capture/photos/:captureKey with the image as the body, GET for staff.
// Real HTTP, real sessions, the bytes in the real database: SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { CAPTURE_PHOTO_MAX_BYTES, type Lead } from '../../contract';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** JPEG and WebP are recognised by their headers; the rest of the bytes is filler of the wanted size. */
const jpeg = (size = 2048) => {
  const b = crypto.randomBytes(size);
  b.set([0xff, 0xd8, 0xff, 0xe0], 0);
  return b;
};
const webp = (size = 1024) => {
  const b = crypto.randomBytes(size);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(size - 8, 4);
  b.write('WEBPVP8 ', 8, 'latin1');
  return b;
};
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

describe.each(ENGINES)('card photos on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let admin: SignedIn;
  let rep: SignedIn;
  let otherRep: SignedIn;

  const put = (key: string, body: BodyInit | null, type: string | null, who: SignedIn | null = rep, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/api/capture/photos/${encodeURIComponent(key)}`, {
      method: 'PUT',
      headers: { ...(type ? { 'Content-Type': type } : {}), ...(who ? { Cookie: who.cookie } : {}), ...headers },
      body,
      // Streams need half duplex in Node's fetch; harmless for buffers.
      duplex: 'half',
    } as RequestInit);
  const getPhoto = (key: string, who: SignedIn | null = rep, headers: Record<string, string> = {}) =>
    fetch(`${app.baseUrl}/api/capture/photos/${encodeURIComponent(key)}`, { headers: { ...(who ? { Cookie: who.cookie } : {}), ...headers } });
  const json = async (res: Response) => ({ status: res.status, headers: res.headers, json: (await res.json()) as any });
  const photoRows = (key: string) => testDb.db('capture_photos').where({ capture_key: key });

  /** A capture by `who`; answers its key and lead id. */
  const captured = async (who: SignedIn = rep) => {
    const key = crypto.randomUUID();
    const email = `photo-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const res = await api(app.baseUrl, 'POST', '/api/capture/leads', { eventName: 'Photo Expo', firstName: 'Pat', lastName: 'Photo', email }, {
      Cookie: who.cookie,
      'Idempotency-Key': key,
    });
    expect(res.status).toBe(201);
    return { key, leadId: res.json.id as number, email };
  };

  beforeAll(async () => {
    testDb = await createTestDb(engine);
    app = await startTestApp(testDb.db);
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rep = await signInAs(app, 'rep', 'Rita Rep');
    otherRep = await signInAs(app, 'rep', 'Otto Other');
  });
  afterAll(async () => {
    await app.close();
    await testDb.drop();
  });

  it('a rep uploads a JPEG for their capture - 201; the admin lead has the photo; GET gives the same bytes, private and revalidated', async () => {
    const { key, leadId, email } = await captured();
    const bytes = jpeg(50_000);
    const res = await json(await put(key, bytes, 'image/jpeg'));
    expect(res.status).toBe(201);
    const url = `/api/capture/photos/${key}`;
    expect(res.json).toEqual({ captureKey: key, leadId, contentType: 'image/jpeg', byteSize: 50_000, url, uploadedAt: expect.stringMatching(/Z$/) });

    const lead = ((await api(app.baseUrl, 'GET', `/api/admin/leads?q=${email}`, undefined, { Cookie: admin.cookie })).json as Lead[])[0]!;
    expect(lead).toMatchObject({ id: leadId, hasPhoto: true, photoUrl: url });

    for (const who of [rep, admin]) {
      const photo = await getPhoto(key, who);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect(photo.headers.get('cache-control')).toBe('private, no-cache');
      expect(photo.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await photo.arrayBuffer()).equals(bytes)).toBe(true);
      // Revalidation still checks the session, without resending the bytes.
      // (A browser revalidates with max-age=0; fetch would otherwise add no-cache, which asks for the bytes.)
      const again = await getPhoto(key, who, { 'If-None-Match': photo.headers.get('etag')!, 'Cache-Control': 'max-age=0' });
      expect(again.status).toBe(304);
    }
  });

  it('PNG and WebP - accepted', async () => {
    const a = await captured();
    const b = await captured();
    expect((await put(a.key, PNG, 'image/png')).status).toBe(201);
    expect((await put(b.key, webp(), 'image/webp; charset=binary')).status).toBe(201);
    expect((await getPhoto(b.key)).headers.get('content-type')).toBe('image/webp');
  });

  it('the same bytes again - the same answer, marked replayed, stored once; at once in parallel too', async () => {
    const { key } = await captured();
    const bytes = jpeg();
    const first = await json(await put(key, bytes, 'image/jpeg'));
    const again = await json(await put(key, bytes, 'image/jpeg'));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await photoRows(key)).toHaveLength(1);

    const parallel = await captured();
    const results = await Promise.all([1, 2, 3].map(() => put(parallel.key, bytes, 'image/jpeg')));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await photoRows(parallel.key)).toHaveLength(1);
  });

  it('other bytes under a key that has a photo - 422, the first photo stays', async () => {
    const { key } = await captured();
    const bytes = jpeg();
    await put(key, bytes, 'image/jpeg');
    const other = await json(await put(key, jpeg(), 'image/jpeg'));
    expect(other.status).toBe(422);
    expect(other.json.message).toBe('A different photo was already stored for this capture');
    expect(Buffer.from(await (await getPhoto(key)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('another rep\'s capture - 403 to upload and to read, nothing stored; an admin may do both', async () => {
    const { key } = await captured(rep);
    const refused = await json(await put(key, jpeg(), 'image/jpeg', otherRep));
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe('This capture was made by another account');
    expect(await photoRows(key)).toHaveLength(0);
    expect((await put(key, PNG, 'image/png', admin)).status).toBe(201);
    expect((await getPhoto(key, otherRep)).status).toBe(403);
    expect((await getPhoto(key, rep)).status).toBe(200);
  });

  it('signed out - 401 to upload and to read: no public route', async () => {
    const { key } = await captured();
    expect((await put(key, jpeg(), 'image/jpeg', null)).status).toBe(401);
    // A large body refused before it was read is drained, so the client hears the answer (no reset connection).
    expect((await put(key, jpeg(3 * 1024 * 1024), 'image/jpeg', null)).status).toBe(401);
    await put(key, PNG, 'image/png');
    const res = await json(await getPhoto(key, null));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });

  it('a capture not stored yet - 409 (the outbox tries again later); an unknown photo - 404', async () => {
    const res = await json(await put(crypto.randomUUID(), jpeg(), 'image/jpeg'));
    expect(res.status).toBe(409);
    expect(res.json.message).toMatch(/has not arrived yet/);
    expect((await getPhoto(crypto.randomUUID(), admin)).status).toBe(404);
    const { key } = await captured();
    expect((await getPhoto(key)).status).toBe(404);
  });

  it('exactly 2 MB - stored; one byte more - 413, announced or streamed without a length', async () => {
    const atLimit = await captured();
    expect((await put(atLimit.key, jpeg(CAPTURE_PHOTO_MAX_BYTES), 'image/jpeg')).status).toBe(201);

    const over = await captured();
    const big = await json(await put(over.key, jpeg(CAPTURE_PHOTO_MAX_BYTES + 1), 'image/jpeg'));
    expect(big.status).toBe(413);
    expect(big.json.message).toBe('The file is too large (2 MB at most)');

    // No Content-Length: the server counts while reading and stops keeping bytes at the cap.
    const chunk = jpeg(256 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 12; i++) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = await json(await put(over.key, stream, 'image/jpeg'));
    expect(streamed.status).toBe(413);
    expect(await photoRows(over.key)).toHaveLength(0);

  });

  it.each([
    ['image/svg+xml', SVG, 'A photo must be a JPEG, WebP or PNG image'],
    ['text/html', Buffer.from('<html>'), 'A photo must be a JPEG, WebP or PNG image'],
    ['application/json', Buffer.from('{}'), 'A photo must be a JPEG, WebP or PNG image'],
    ['image/gif', Buffer.from('GIF89a....'), 'A photo must be a JPEG, WebP or PNG image'],
    ['image/png', jpeg(), 'The file is not a PNG image'],
    ['image/jpeg', SVG, 'The file is not a JPEG image'],
    ['image/webp', PNG, 'The file is not a WebP image'],
    ['image/jpeg', Buffer.from([0xff, 0xd8]), 'The file is not a JPEG image'],
  ])('Content-Type %s with other bytes - 415 with a message, nothing stored', async (type, bytes, message) => {
    const { key } = await captured();
    const res = await json(await put(key, bytes, type));
    expect(res.status).toBe(415);
    expect(res.json.message).toBe(message);
    expect(await photoRows(key)).toHaveLength(0);
  });

  it('no Content-Type - 415; an empty body - 400', async () => {
    const { key } = await captured();
    expect((await put(key, jpeg(), null)).status).toBe(415);
    const empty = await json(await put(key, Buffer.alloc(0), 'image/jpeg'));
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe('The photo is empty');
  });

  it('from another site - 403 (the origin check applies); a key that cannot be a capture key - 400', async () => {
    const { key } = await captured();
    expect((await put(key, jpeg(), 'image/jpeg', rep, { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await put(key, jpeg(), 'image/jpeg', rep, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(await photoRows(key)).toHaveLength(0);
    expect((await put('x'.repeat(201), jpeg(), 'image/jpeg')).status).toBe(400);
  });

  it('JSON routes still refuse image bodies - 415', async () => {
    const res = await fetch(`${app.baseUrl}/api/capture/leads`, { method: 'POST', headers: { 'Content-Type': 'image/png', Cookie: rep.cookie }, body: PNG });
    expect(res.status).toBe(415);
  });
});
