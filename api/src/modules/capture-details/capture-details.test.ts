// What a capture carries beyond the person: qualification, consent and the raw badge scan, stored,
// merged, shown to the admin, filtered, exported; and the capture's answer, which shows the rep nothing of the
// lead (a capture merged into an existing lead must not reveal its notes, phone or owner). Real HTTP and
// sessions, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, createTestDb, startTestApp, type TestApp, type TestDb } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { CAPTURE_CONSENT, type CaptureInput, type Lead } from '../../contract';

const EVENT = 'Qualify Expo 2026';
const VCARD = 'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada\r\nEMAIL:ada@example.com\r\nEND:VCARD';

describe.each(ENGINES)('capture details on %s', (engine) => {
  let testDb: TestDb;
  let app: TestApp;
  let admin: SignedIn;
  let rep: SignedIn;
  let otherRep: SignedIn;
  let n = 0;

  const person = (overrides: Partial<CaptureInput> = {}): CaptureInput => {
    n++;
    return { eventName: EVENT, firstName: `Q${n}`, lastName: 'Person', email: `q${n}-${crypto.randomBytes(3).toString('hex')}@example.com`, ...overrides };
  };
  const capture = (body: unknown, who: SignedIn = rep, key = crypto.randomUUID()) =>
    api(app.baseUrl, 'POST', '/api/capture/leads', body, { Cookie: who.cookie, 'Idempotency-Key': key });
  const get = (path: string, who: SignedIn = admin) => api(app.baseUrl, 'GET', path, undefined, { Cookie: who.cookie });
  /** The lead as the admin's list shows it. */
  const adminLead = async (email: string): Promise<Lead> => {
    const res = await get(`/api/admin/leads?q=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(1);
    return res.json[0];
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

  it('rating, interests, follow-up, consent and scan - stored and shown in the admin lead', async () => {
    const body = person({
      rating: 'hot',
      interests: ['letters', 'postcards', 'letters'],
      followUp: 'samples',
      notes: 'Wants samples by Friday',
      consent: true,
      consentTextVersion: CAPTURE_CONSENT.version,
      consentAt: '2026-01-05T10:00:00.000Z',
      scanPayload: VCARD,
      scanFormat: 'qr_code',
    });
    const res = await capture(body);
    expect(res.status).toBe(201);
    expect(await adminLead(body.email)).toMatchObject({
      rating: 'hot',
      // Each once, in the list's order.
      interests: ['postcards', 'letters'],
      followUp: 'samples',
      message: 'Wants samples by Friday',
      consentGiven: true,
      consentTextVersion: CAPTURE_CONSENT.version,
      consentAt: '2026-01-05T10:00:00.000Z',
      // The raw payload exactly as scanned: line breaks and all.
      scanPayload: VCARD,
      scanFormat: 'qr_code',
      hasPhoto: false,
      photoUrl: null,
    });
  });

  it('no consent - stored all the same, marked consentGiven false, no version time', async () => {
    const body = person({ rating: 'cold' });
    expect((await capture(body)).status).toBe(201);
    expect(await adminLead(body.email)).toMatchObject({ consentGiven: false, consentAt: null, rating: 'cold', interests: [], followUp: null, scanPayload: null });
  });

  it('consent without a time - the server time; a device clock in the future is not believed', async () => {
    const before = new Date().toISOString();
    const a = person({ consent: true, consentTextVersion: 'v1' });
    const b = person({ consent: true, consentTextVersion: 'v1', consentAt: '2099-01-01T00:00:00Z' });
    await capture(a);
    await capture(b);
    const after = new Date().toISOString();
    for (const email of [a.email, b.email]) {
      const lead = await adminLead(email);
      expect(lead.consentAt! >= before && lead.consentAt! <= after).toBe(true);
    }
  });

  it('website leads - no capture details, consent null (never asked)', async () => {
    const res = await api(app.baseUrl, 'POST', '/api/leads', { firstName: 'Web', lastName: 'Site', email: 'website-q@example.com' });
    expect(res.status).toBe(201);
    expect(await adminLead('website-q@example.com')).toMatchObject({ rating: null, interests: [], followUp: null, consentGiven: null, hasPhoto: false });
  });

  it('a merge - later non-empty values win, interests add up, consent once given stays, newer consent recorded', async () => {
    const first = person({ rating: 'cold', interests: ['letters'], followUp: 'email', consent: true, consentTextVersion: 'v1', consentAt: '2026-01-01T00:00:00.000Z', scanPayload: 'MECARD:N:A;;', scanFormat: 'qr_code' });
    expect((await capture(first)).status).toBe(201);
    // Second capture without rating, follow-up, consent or scan: nothing of those is wiped.
    const blank = await capture({ ...first, rating: undefined, interests: ['print-api'], followUp: undefined, consent: false, consentTextVersion: undefined, consentAt: undefined, scanPayload: undefined, scanFormat: undefined });
    expect(blank.status).toBe(200);
    expect(await adminLead(first.email)).toMatchObject({
      rating: 'cold', interests: ['letters', 'print-api'], followUp: 'email', consentGiven: true, consentTextVersion: 'v1',
      consentAt: '2026-01-01T00:00:00.000Z', scanPayload: 'MECARD:N:A;;', scanFormat: 'qr_code',
    });
    const later = await capture({ ...first, rating: 'hot', interests: ['digital-audiences'], followUp: 'call', consent: true, consentTextVersion: 'v2', consentAt: '2026-01-02T00:00:00.000Z', scanPayload: 'later-scan', scanFormat: 'code_128' }, otherRep);
    expect(later.status).toBe(200);
    expect(await adminLead(first.email)).toMatchObject({
      rating: 'hot', interests: ['letters', 'print-api', 'digital-audiences'], followUp: 'call', consentGiven: true, consentTextVersion: 'v2',
      consentAt: '2026-01-02T00:00:00.000Z', scanPayload: 'later-scan', scanFormat: 'code_128', capturedBy: 'Rita Rep',
    });
  });

  it('a merge answers only {id, merged, eventName, capturedAt} - never another rep\'s notes, phone, attribution or name', async () => {
    const first = person({ phone: '+1 555 0123', notes: 'Secret pricing talk', company: 'Private Co' });
    const created = await capture(first, rep);
    const merged = await capture({ ...first, notes: 'Hello again' }, otherRep);
    expect(merged.status).toBe(200);
    expect(merged.json).toEqual({ id: created.json.id, merged: true, eventName: EVENT, capturedAt: expect.stringMatching(/Z$/) });
    for (const secret of ['Secret pricing talk', '+1 555 0123', 'Private Co', 'Rita Rep', first.email]) {
      expect(merged.text).not.toContain(secret);
    }
  });

  it('filters - ?rating=, ?followUp=, ?interest= on the list and the CSV; the Link keeps them', async () => {
    const tag = `filt${crypto.randomBytes(3).toString('hex')}`;
    const a = person({ company: `${tag} A`, rating: 'warm', followUp: 'call', interests: ['informed-delivery', 'letters'] });
    const b = person({ company: `${tag} B`, rating: 'warm', followUp: 'none', interests: ['letters'] });
    const c = person({ company: `${tag} C`, rating: 'hot', followUp: 'call' });
    for (const p of [a, b, c]) expect((await capture(p)).status).toBe(201);
    const emails = async (query: string) => ((await get(`/api/admin/leads?q=${tag}&${query}`)).json as Lead[]).map((l) => l.email).sort();
    expect(await emails('rating=warm')).toEqual([a.email, b.email].sort());
    expect(await emails('followUp=call')).toEqual([a.email, c.email].sort());
    expect(await emails('interest=letters')).toEqual([a.email, b.email].sort());
    expect(await emails('interest=informed-delivery&rating=warm')).toEqual([a.email]);
    expect(await emails('interest=postcards')).toEqual([]);

    const page = await get(`/api/admin/leads?q=${tag}&rating=warm&interest=letters&limit=1`);
    expect(page.headers.get('link')).toMatch(/rating=warm/);
    expect(page.headers.get('link')).toMatch(/interest=letters/);

    const csv = await get(`/api/admin/leads.csv?q=${tag}&followUp=call`);
    const lines = csv.text.trim().split('\n');
    expect(lines).toHaveLength(3);
  });

  it('CSV - rating, interests, follow-up, consent, scan columns', async () => {
    const body = person({ rating: 'hot', interests: ['postcards', 'print-api'], followUp: 'email', consent: true, consentTextVersion: 'v9', consentAt: '2026-02-03T04:05:06.000Z', scanPayload: '=cmd|calc', scanFormat: 'pdf417' });
    await capture(body);
    const noConsent = person({});
    await capture(noConsent);
    const csv = await get(`/api/admin/leads.csv?event=${encodeURIComponent(EVENT)}`);
    const [header, ...rows] = csv.text.trim().split('\n');
    expect(header).toMatch(/,Rating,Interests,Follow-up,Consent,Consent text version,Consent at,Card photo,Scan format,Scan payload$/);
    const row = rows.find((r) => r.includes(body.email))!;
    // The scanned payload is visitor-controlled text: neutralised like every other cell.
    expect(row).toMatch(/,hot,postcards; print-api,email,yes,v9,2026-02-03T04:05:06\.000Z,no,pdf417,'=cmd\|calc$/);
    expect(rows.find((r) => r.includes(noConsent.email))).toMatch(/,,,,no,,,no,,$/);
  });

  it.each([
    [{ rating: 'lukewarm' }, 'rating', 'Please choose Hot, Warm or Cold'],
    [{ interests: ['fax'] }, 'interests', 'Please choose interests from the list'],
    [{ interests: 'letters' }, 'interests', 'Interests must be a list'],
    [{ interests: [1] }, 'interests', 'Please choose interests from the list'],
    [{ followUp: 'carrier-pigeon' }, 'followUp', 'Please choose a follow-up from the list'],
    [{ consent: 'yes' }, 'consent', 'Consent must be true or false'],
    [{ consent: true }, 'consentTextVersion', 'Say which consent text was shown'],
    [{ consentTextVersion: 'v'.repeat(41) }, 'consentTextVersion', 'Must be at most 40 characters'],
    [{ consent: true, consentTextVersion: 'v1', consentAt: 'yesterday' }, 'consentAt', 'Must be an ISO date and time'],
    [{ consentAt: '2026-13-45T99:99:99Z' }, 'consentAt', 'Must be an ISO date and time'],
    [{ scanPayload: 'x'.repeat(4097) }, 'scanPayload', 'Must be at most 4096 bytes'],
    // 1,366 three-byte characters are 4,098 bytes though only 1,366 characters.
    [{ scanPayload: '€'.repeat(1366) }, 'scanPayload', 'Must be at most 4096 bytes'],
    [{ scanPayload: 42 }, 'scanPayload', 'Scan payload must be text'],
    [{ scanFormat: 'barcode' }, 'scanFormat', 'Unknown scan format'],
  ])('invalid %j - 400 with the field message, nothing stored', async (overrides, field, message) => {
    const body = { ...person(), ...overrides };
    const res = await capture(body);
    expect(res.status).toBe(400);
    expect(res.json.errors[field]).toBe(message);
    expect(await testDb.db('leads').where({ email: body.email })).toHaveLength(0);
  });

  it('a scan payload of exactly 4096 bytes - stored whole', async () => {
    const payload = `${'€'.repeat(1365)}a`;
    const body = person({ scanPayload: payload });
    expect((await capture(body)).status).toBe(201);
    expect((await adminLead(body.email)).scanPayload).toBe(payload);
  });

  it.each([['rating=tepid', 'rating'], ['followUp=fax', 'followUp'], ['interest=everything', 'interest']])(
    'GET /api/admin/leads?%s - 400 with the field message',
    async (query, field) => {
      const res = await get(`/api/admin/leads?${query}`);
      expect(res.status).toBe(400);
      expect(res.json.errors[field]).toMatch(/^Unknown /);
      expect((await get(`/api/admin/leads.csv?${query}`)).status).toBe(400);
    },
  );
});
