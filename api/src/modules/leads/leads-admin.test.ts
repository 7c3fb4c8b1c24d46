// GET /api/admin/leads and /api/admin/leads.csv over real HTTP with a real session.
import { NO_CAPTURE_DETAILS } from '../capture-details/capture-details-columns';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs } from '../../testing/sign-in';
import type { LeadData } from '../../contract';
import { moveLeadTo } from '../../testing/move-lead';
import { createLead } from '../../testing/leads';

const lead = (i: number, overrides: Partial<LeadData> = {}): LeadData => ({
  firstName: `First${i}`,
  lastName: `Last${i}`,
  email: `person${i}@example.com`,
  source: 'Main Website',
  ...overrides,
});

describe.each(ENGINES)('admin leads on %s', (engine) => {
  const app = useTestApp(engine);
  let cookie: string;
  let adminId: number;
  const get = (path: string, c = cookie) => api(app.baseUrl, 'GET', path, undefined, c ? { Cookie: c } : {});

  beforeAll(async () => {
    // 12 leads a minute apart (ids 1..12) plus two sharing one timestamp, so paging must break ties by id.
    const base = Date.UTC(2026, 0, 10, 9, 0, 0);
    for (let i = 1; i <= 12; i++) await createLead(app.db, lead(i), new Date(base + i * 60_000).toISOString());
    const tie = new Date(base + 5 * 60_000 + 30_000).toISOString();
    await createLead(app.db, lead(13, { firstName: 'Mary', lastName: "O'Brien", email: 'MARY@Example.com', company: '100% Pure_Ink' }), tie);
    await createLead(app.db, lead(14, { firstName: 'Zoë', company: 'Formula Co', message: '=HYPERLINK("http://x")', phone: '+1 555' }), tie);
    await moveLeadTo(app.db, 3, 'synced');
    await moveLeadTo(app.db, 4, 'sync_failed');
    const admin = await signInAs(app);
    cookie = admin.cookie;
    adminId = admin.user.id;
  });

  it.each(['/api/admin/leads', '/api/admin/leads.csv'])('%s without a session - 401 Unauthorized', async (path) => {
    const res = await get(path, '');
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: 'Unauthorized' });
  });

  it('a rep - the list holds only the leads they own, whatever they ask; another lead, the CSV and spam are 403', async () => {
    const rep = await signInAs(app, 'rep', 'Rita Rep');
    expect((await get('/api/admin/leads', rep.cookie)).json).toEqual([]);
    await app.db('leads').where({ id: 7 }).update({ owner_user_id: rep.user.id });
    try {
      for (const path of ['/api/admin/leads', '/api/admin/leads?owner=none', `/api/admin/leads?owner=${rep.user.id + 1000}`, '/api/admin/leads?spam=1']) {
        expect((await get(path, rep.cookie)).json.map((l: { id: number }) => l.id)).toEqual([7]);
      }
      expect((await get('/api/admin/leads/7', rep.cookie)).json.owner).toEqual({ id: rep.user.id, name: 'Rita Rep' });
      expect((await get('/api/admin/leads/8', rep.cookie)).status).toBe(403);
      expect((await get('/api/admin/leads.csv', rep.cookie)).status).toBe(403);
      expect((await api(app.baseUrl, 'POST', '/api/admin/leads/8/release', undefined, { Cookie: rep.cookie })).status).toBe(403);
    } finally {
      await app.db('leads').where({ id: 7 }).update({ owner_user_id: null });
    }
  });

  it('owner and stage filters - Mine, Unassigned, one person, and a stage, in the list\'s order', async () => {
    const other = await signInAs(app, 'rep', 'Olga Owner');
    await app.db('leads').whereIn('id', [2, 9]).update({ owner_user_id: adminId });
    await app.db('leads').whereIn('id', [5]).update({ owner_user_id: other.user.id, stage: 'qualified' });
    try {
      const ids = async (query: string) => (await get(`/api/admin/leads?${query}`)).json.map((l: { id: number }) => l.id);
      expect(await ids('owner=me')).toEqual([9, 2]);
      expect(await ids(`owner=${other.user.id}`)).toEqual([5]);
      expect(await ids('owner=none')).toEqual([12, 11, 10, 8, 7, 6, 14, 13, 4, 3, 1]);
      expect(await ids('stage=qualified')).toEqual([5]);
      expect(await ids('owner=none&limit=2&before=7')).toEqual([6, 14]);
      expect((await get('/api/admin/leads?owner=someone')).status).toBe(400);
      expect((await get('/api/admin/leads?stage=won')).status).toBe(400);
    } finally {
      await app.db('leads').whereIn('id', [2, 9, 5]).update({ owner_user_id: null, stage: 'new' });
    }
  });

  it('default list - every lead newest first, ties broken by id, no Link on a short page', async () => {
    const res = await get('/api/admin/leads');
    expect(res.status).toBe(200);
    expect(res.json.map((l: { id: number }) => l.id)).toEqual([12, 11, 10, 9, 8, 7, 6, 14, 13, 5, 4, 3, 2, 1]);
    expect(res.headers.get('link')).toBeNull();
    expect(res.json[0]).toEqual({
      id: 12, firstName: 'First12', lastName: 'Last12', email: 'person12@example.com', company: null, phone: null,
      industry: null, volume: null, message: null, leadSource: 'DirectMailers Website', source: 'Main Website',
      status: 'new', syncError: null, attribution: null, eventName: null, capturedBy: null, spamReason: null, createdAt: '2026-01-10T09:12:00.000Z',
      ...NO_CAPTURE_DETAILS, owner: null, stage: 'new', stageReason: null, firstResponseAt: null, overdueAt: null,
    });
  });

  it('paging with limit and before - follows the Link header to the end without gaps or repeats', async () => {
    const seen: number[] = [];
    let next: string | null = '/api/admin/leads?limit=4';
    let pages = 0;
    while (next) {
      const res = await get(next);
      expect(res.status).toBe(200);
      seen.push(...res.json.map((l: { id: number }) => l.id));
      const link = res.headers.get('link');
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
      pages++;
    }
    expect(seen).toEqual([12, 11, 10, 9, 8, 7, 6, 14, 13, 5, 4, 3, 2, 1]);
    // 14 leads at 4 a page: three full pages carry a link, the fourth (2 leads) does not.
    expect(pages).toBe(4);
  });

  it('filtered paging - every next Link keeps the filters, the walk ends at the last match; no X-Total-Count', async () => {
    expect((await get('/api/admin/leads?limit=1&q=first&status=new')).headers.get('link')).toBe('</api/admin/leads?limit=1&q=first&status=new&before=12>; rel="next"');
    const pages: number[][] = [];
    const links: (string | null)[] = [];
    let next: string | null = '/api/admin/leads?limit=2&q=person1&status=new';
    while (next) {
      const res = await get(next);
      expect(res.status).toBe(200);
      // Counting a search would read every match at a million leads: the leads list does not count (http/paging.ts).
      expect(res.headers.get('x-total-count')).toBeNull();
      pages.push(res.json.map((l: { id: number }) => l.id));
      const link = res.headers.get('link');
      links.push(link);
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    // person1, person10, person11, person12 and person14@example.com, newest first (lead 14 was stored at 09:05:30).
    expect(pages).toEqual([[12, 11], [10, 14], [1]]);
    expect(links).toEqual([
      '</api/admin/leads?limit=2&q=person1&status=new&before=11>; rel="next"',
      '</api/admin/leads?limit=2&q=person1&status=new&before=14>; rel="next"',
      null,
    ]);
  });

  it('before an unknown id - an empty page', async () => {
    expect((await get('/api/admin/leads?before=99999')).json).toEqual([]);
  });

  it('search - first/last name, full name, e-mail and company, case-insensitive', async () => {
    const ids = async (q: string) => (await get(`/api/admin/leads?q=${encodeURIComponent(q)}`)).json.map((l: { id: number }) => l.id);
    expect(await ids('mary')).toEqual([13]);
    expect(await ids("o'brien")).toEqual([13]);
    expect(await ids('MARY O')).toEqual([13]);
    expect(await ids('example.COM')).toHaveLength(14);
    expect(await ids('person1')).toEqual([12, 11, 10, 14, 1]);
    expect(await ids('formula co')).toEqual([14]);
  });

  it('search treats % and _ literally', async () => {
    const ids = async (q: string) => (await get(`/api/admin/leads?q=${encodeURIComponent(q)}`)).json.map((l: { id: number }) => l.id);
    expect(await ids('100%')).toEqual([13]);
    expect(await ids('pure_ink')).toEqual([13]);
    expect(await ids('_in')).toEqual([13]);
    // No name, e-mail or company starts with them; as wildcards they would match every lead.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('%_')).toEqual([]);
    expect(await ids('\\')).toEqual([]);
  });

  it('search, 1 or 2 characters - leads whose first name, last name, e-mail or company starts with the term, not those that only contain it', async () => {
    const ids = async (q: string) => (await get(`/api/admin/leads?q=${encodeURIComponent(q)}`)).json.map((l: { id: number }) => l.id);
    expect(await ids('M')).toEqual([13]); // Mary, MARY@Example.com
    expect(await ids("o'")).toEqual([13]); // O'Brien
    expect(await ids('10')).toEqual([13]); // 100% Pure_Ink
    expect(await ids('fo')).toEqual([14]); // Formula Co
    expect(await ids('zo')).toEqual([14]); // Zoë
    expect(await ids('ur')).toEqual([]); // inside "Pure", at the start of nothing
    expect(await ids('xa')).toEqual([]); // inside "example"
    expect(await ids('p')).toEqual([12, 11, 10, 9, 8, 7, 6, 14, 5, 4, 3, 2, 1]); // person…@example.com
    expect(await ids('la')).toEqual([12, 11, 10, 9, 8, 7, 6, 14, 5, 4, 3, 2, 1]); // Last…
    // The same leads a page at a time, and with a filter.
    const first = await get('/api/admin/leads?q=p&limit=5');
    expect(first.json.map((l: { id: number }) => l.id)).toEqual([12, 11, 10, 9, 8]);
    expect(first.headers.get('link')).toMatch(/[?&]q=p&.*before=8>; rel="next"$|before=8.*[?&]q=p/);
    expect((await get('/api/admin/leads?q=p&limit=5&before=8')).json.map((l: { id: number }) => l.id)).toEqual([7, 6, 14, 5, 4]);
    expect((await get('/api/admin/leads?q=la&status=sync_failed')).json.map((l: { id: number }) => l.id)).toEqual([4]);
  });

  it('status filter, alone and with search', async () => {
    expect((await get('/api/admin/leads?status=synced')).json.map((l: { id: number }) => l.id)).toEqual([3]);
    expect((await get('/api/admin/leads?status=sync_failed&q=last4')).json.map((l: { id: number }) => l.id)).toEqual([4]);
    expect((await get('/api/admin/leads?status=nope')).json).toEqual([]);
  });

  it.each(['limit=0', 'limit=501', 'limit=abc', 'limit=2.5', 'before=0', 'before=x', `q=${'x'.repeat(201)}`, 'q=a&q=b', 'q=%00', 'q=ab%00c'])(
    'bad query %s - 400 with a message',
    async (qs) => {
      const res = await get(`/api/admin/leads?${qs}`);
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe('string');
    },
  );

  it('limit=500 is accepted', async () => {
    expect((await get('/api/admin/leads?limit=500')).status).toBe(200);
  });

  it('CSV - attachment named by date, header row, every lead newest first, formulas neutralised', async () => {
    const res = await get('/api/admin/leads.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{4}-\d\d-\d\d\.csv"$/);
    const lines = res.text.trim().split('\n');
    expect(lines[0]).toBe(
      'ID,Created,First name,Last name,Email,Company,Phone,Industry,Volume,Status,Source,Lead source,Message,' +
        'Sync error,UTM source,UTM medium,UTM campaign,UTM term,UTM content,Referrer,Landing page,Event,Captured by,' +
        'Rating,Interests,Follow-up,Consent,Consent text version,Consent at,Card photo,Scan format,Scan payload',
    );
    expect(lines).toHaveLength(15);
    expect(lines[1]).toBe('12,2026-01-10T09:12:00.000Z,First12,Last12,person12@example.com,,,,,new,Main Website,DirectMailers Website,,,,,,,,,,,,,,,,,,no,,');
    const zoe = lines.find((l) => l.startsWith('14,'))!;
    expect(zoe).toContain(`'+1 555`);
    expect(zoe).toContain(`"'=HYPERLINK(""http://x"")"`);
  });

  it('CSV - honours q and status', async () => {
    const res = await get('/api/admin/leads.csv?status=synced');
    const lines = res.text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^3,.*,synced,/);
    const none = await get('/api/admin/leads.csv?q=nobody');
    expect(none.text.trim().split('\n')).toHaveLength(1);
  });
});
