// A stand-in for Pipedrive's API, for tests and the bench: a real HTTP server on an ephemeral port that speaks
// the paths, headers and JSON envelopes the sync uses (checked against Pipedrive's docs, see docs/crm-sync.md),
// keeps users, persons, organizations, deals and notes in memory (deleting them as the DELETE endpoints do), and can be
// told to misbehave: answer 429 with rate-limit headers or a 5xx a number of times, drop the connection right
// after storing a deal or a note, hide new records from search for a while (Pipedrive's search index trails its writes),
// or be down altogether (every connection dropped unanswered).
import http from 'node:http';

export interface FakePerson {
  id: number;
  name: string;
  emails: { value: string; primary: boolean; label: string }[];
  phones: { value: string; primary: boolean; label: string }[];
  org_id: number | null;
  owner_id: number;
  visible_to: number;
  add_time: string;
  update_time: string;
}
export interface FakeOrganization {
  id: number;
  name: string;
  owner_id: number;
  visible_to: number;
  add_time: string;
  update_time: string;
}
/** A Pipedrive user (a seat in the company account): what GET /api/v1/users/find answers. */
export interface FakeUser {
  id: number;
  name: string;
  email: string;
  active_flag: boolean;
  is_admin: number;
  role_id: number;
  created: string;
  modified: string | null;
}
export interface FakeDeal {
  id: number;
  title: string;
  value: number;
  currency: string;
  person_id: number | null;
  org_id: number | null;
  status: 'open' | 'won' | 'lost';
  lost_reason: string | null;
  owner_id: number;
  visible_to: number;
  add_time: string;
  update_time: string;
}
export interface FakeNote {
  id: number;
  content: string;
  deal_id: number | null;
  person_id: number | null;
  org_id: number | null;
  add_time: string;
}

export interface Failure {
  status: number;
  /** Only requests whose "METHOD /path" starts with this fail (e.g. 'POST /api/v2/deals'); default: any. */
  match?: string;
  /** For 429: the retry-after header, in seconds. */
  retryAfterSeconds?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  token: string | undefined;
  status: number;
  /** When the request arrived (Date.now()), so tests can check the order and spacing of retries. */
  receivedAt: number;
}

export interface FakePipedrive {
  url: string;
  token: string;
  users: FakeUser[];
  /** Adds a user to the company account (as an admin would invite one); answers it. */
  addUser: (user: { name: string; email: string; active?: boolean }) => FakeUser;
  persons: FakePerson[];
  organizations: FakeOrganization[];
  deals: FakeDeal[];
  notes: FakeNote[];
  requests: RecordedRequest[];
  /** The next `times` matching requests answer with this failure (Infinity: until clearFailures()). */
  failNext: (times: number, failure: Failure) => void;
  clearFailures: () => void;
  /** The next `times` deal creations store the deal, then drop the connection without an answer. */
  crashAfterCreatingDeal: (times: number) => void;
  /** The next `times` note creations store the note, then drop the connection without an answer. */
  crashAfterCreatingNote: (times: number) => void;
  /** While down, every connection is dropped without an answer, as when Pipedrive cannot be reached. */
  setDown: (down: boolean) => void;
  /** Latency added to every answer, in ms. */
  setLatency: (ms: number) => void;
  /**
   * Pipedrive's search index trails its writes: persons, organizations and deals created less than `ms` ago
   * are not found by the search endpoints (the lists and reads by id see them at once).
   */
  setSearchLag: (ms: number) => void;
  reset: () => void;
  close: () => Promise<void>;
}

const OWNER_ID = 1;

/** The user the API token belongs to: the owner of everything made through the API unless told otherwise. */
const tokenOwner = (): FakeUser => ({
  id: OWNER_ID, name: 'API owner', email: 'api-owner@pipedrive.example', active_flag: true, is_admin: 1, role_id: 1, created: '2024-01-01 00:00:00', modified: null,
});
const RATE_LIMIT = 40;

export async function startFakePipedrive(options: { token?: string } = {}): Promise<FakePipedrive> {
  const token = options.token ?? 'fake-pipedrive-token';
  const state = {
    persons: [] as FakePerson[],
    organizations: [] as FakeOrganization[],
    deals: [] as FakeDeal[],
    notes: [] as FakeNote[],
    requests: [] as RecordedRequest[],
    failures: [] as { times: number; failure: Failure }[],
    crashes: 0,
    noteCrashes: 0,
    users: [tokenOwner()],
    down: false,
    latency: 0,
    searchLagMs: 0,
    /** When each person, organization and deal was created (Date.now()), for the search lag. */
    createdAt: new Map<number, number>(),
    // Id 1 is the token's own user (OWNER_ID), who owns whatever the API creates.
    nextId: OWNER_ID + 1,
  };
  const now = () => new Date().toISOString().replace('T', ' ').slice(0, 19);
  const id = () => {
    const next = state.nextId++;
    state.createdAt.set(next, Date.now());
    return next;
  };
  const searchable = (item: { id: number }) => Date.now() - (state.createdAt.get(item.id) ?? 0) >= state.searchLagMs;

  const server = http.createServer((req, res) => {
    if (state.down) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const query = Object.fromEntries(url.searchParams);
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: any = undefined;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const headerToken = req.headers['x-api-token'];
      const record: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query,
        body,
        token: typeof headerToken === 'string' ? headerToken : undefined,
        status: 0,
        receivedAt: Date.now(),
      };
      state.requests.push(record);

      const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
        record.status = status;
        const write = () => {
          res.writeHead(status, {
            'content-type': 'application/json; charset=utf-8',
            // Pipedrive sends its rate-limit state on every answer.
            'x-ratelimit-limit': String(RATE_LIMIT),
            'x-ratelimit-remaining': String(RATE_LIMIT - 1),
            'x-ratelimit-reset': '2',
            ...headers,
          });
          res.end(JSON.stringify(payload));
        };
        if (state.latency > 0) setTimeout(write, state.latency);
        else write();
      };
      const fail = (status: number, error: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
        reply(status, { success: false, error, ...extra }, headers);

      // Pipedrive: "The API token must be provided in the x-api-token header for all requests".
      if (record.token !== token) {
        fail(401, 'unauthorized access', { errorCode: 401, error_info: 'Please check developers.pipedrive.com' });
        return;
      }

      const key = `${record.method} ${record.path}`;
      const planned = state.failures.find((f) => f.times > 0 && (!f.failure.match || key.startsWith(f.failure.match)));
      if (planned) {
        planned.times--;
        const { status, retryAfterSeconds } = planned.failure;
        if (status === 429) {
          const wait = String(retryAfterSeconds ?? 1);
          fail(429, 'Request over limit', { errorCode: 429 }, { 'retry-after': wait, 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': wait });
        } else {
          fail(status, status === 503 ? 'Service unavailable' : 'Internal server error', { errorCode: status });
        }
        return;
      }

      route(record.method, url.pathname, query, body, reply);
    });

    function route(
      method: string,
      path: string,
      query: Record<string, string>,
      body: any,
      reply: (status: number, payload: unknown) => void,
    ) {
      const state_ = state;
      // Pipedrive's envelope: {success, data, additional_data}; errors {success:false, error, errorCode}.
      const ok = (data: unknown, status = 200, additional?: unknown) =>
        reply(status, { success: true, data, ...(additional !== undefined ? { additional_data: additional } : {}) });
      const bad = (status: number, error: string) => reply(status, { success: false, error, errorCode: status });

      const search = <T extends { id: number }>(items: T[], fields: Record<string, (item: T) => string[]>, toResult: (item: T) => unknown) => {
        const term = query.term ?? '';
        const exact = query.exact_match === 'true' || query.exact_match === '1';
        // Pipedrive: minimum 2 characters, or 1 with exact_match.
        if (term.length < (exact ? 1 : 2)) return bad(400, 'Search term must be at least 2 characters long');
        const wanted = (query.fields ? query.fields.split(',') : Object.keys(fields)).filter((f) => f in fields);
        const t = term.toLowerCase();
        const hits = items.filter(searchable).filter((item) =>
          wanted.some((f) => fields[f]!(item).some((v) => (exact ? v.toLowerCase() === t : v.toLowerCase().includes(t)))),
        );
        // One page of `limit` (default 100, at most 500), ties newest first, with a cursor to the next.
        const limit = Number(query.limit ?? 100);
        if (!Number.isInteger(limit) || limit < 1 || limit > 500) return bad(400, 'limit must be between 1 and 500');
        const start = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString('utf8')) : 0;
        const ranked = [...hits].sort((a, b) => b.id - a.id);
        const page = ranked.slice(start, start + limit);
        const more = start + limit < ranked.length;
        ok({ items: page.map((item) => ({ result_score: 1, item: toResult(item) })) }, 200, {
          next_cursor: more ? Buffer.from(String(start + limit)).toString('base64url') : null,
        });
      };
      const orgRef = (orgId: number | null) => {
        const org = state_.organizations.find((o) => o.id === orgId);
        return org ? { id: org.id, name: org.name, address: null } : null;
      };
      const personRef = (personId: number | null) => {
        const p = state_.persons.find((x) => x.id === personId);
        return p ? { id: p.id, name: p.name } : null;
      };

      if (method === 'GET' && path === '/api/v2/persons/search') {
        return search(
          state_.persons,
          { name: (p) => [p.name], email: (p) => p.emails.map((e) => e.value), phone: (p) => p.phones.map((e) => e.value) },
          (p) => ({
            id: p.id,
            type: 'person',
            name: p.name,
            phones: p.phones.map((e) => e.value),
            emails: p.emails.map((e) => e.value),
            visible_to: p.visible_to,
            owner: { id: p.owner_id },
            organization: orgRef(p.org_id),
            custom_fields: [],
            notes: [],
          }),
        );
      }
      if (method === 'POST' && path === '/api/v2/persons') {
        if (!body || typeof body.name !== 'string' || !body.name.trim()) return bad(400, 'Name must be given');
        const person: FakePerson = {
          id: id(),
          name: body.name,
          emails: Array.isArray(body.emails) ? body.emails : [],
          phones: Array.isArray(body.phones) ? body.phones : [],
          org_id: typeof body.org_id === 'number' ? body.org_id : null,
          owner_id: OWNER_ID,
          visible_to: 3,
          add_time: now(),
          update_time: now(),
        };
        state_.persons.push(person);
        return ok(person);
      }
      if (method === 'GET' && path === '/api/v2/organizations/search') {
        return search(state_.organizations, { name: (o) => [o.name] }, (o) => ({
          id: o.id,
          type: 'organization',
          name: o.name,
          address: null,
          visible_to: o.visible_to,
          owner: { id: o.owner_id },
          custom_fields: [],
          notes: [],
        }));
      }
      if (method === 'POST' && path === '/api/v2/organizations') {
        if (!body || typeof body.name !== 'string' || !body.name.trim()) return bad(400, 'Name must be given');
        const org: FakeOrganization = { id: id(), name: body.name, owner_id: OWNER_ID, visible_to: 3, add_time: now(), update_time: now() };
        state_.organizations.push(org);
        return ok(org);
      }
      if (method === 'GET' && path === '/api/v2/deals/search') {
        let deals = state_.deals;
        if (query.person_id) deals = deals.filter((d) => d.person_id === Number(query.person_id));
        return search(deals, { title: (d) => [d.title] }, (d) => ({
          id: d.id,
          type: 'deal',
          title: d.title,
          value: d.value,
          currency: d.currency,
          status: d.status,
          visible_to: d.visible_to,
          owner: { id: d.owner_id },
          stage: { id: 1, name: 'Qualified' },
          person: personRef(d.person_id),
          organization: orgRef(d.org_id),
          custom_fields: [],
          notes: [],
        }));
      }
      if (method === 'GET' && path === '/api/v2/deals') {
        let deals = [...state_.deals];
        if (query.person_id) deals = deals.filter((d) => d.person_id === Number(query.person_id));
        if (query.org_id) deals = deals.filter((d) => d.org_id === Number(query.org_id));
        if (query.sort_direction === 'desc') deals.reverse();
        // Cursor paging as in every v2 list: `limit` 1..500 (default 100), `additional_data.next_cursor`
        // names the next page and is null on the last one.
        const limit = Number(query.limit ?? 100);
        if (!Number.isInteger(limit) || limit < 1 || limit > 500) return bad(400, 'limit must be between 1 and 500');
        const start = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString('utf8')) : 0;
        if (!Number.isInteger(start) || start < 0) return bad(400, 'Invalid cursor');
        const page = deals.slice(start, start + limit);
        const more = start + limit < deals.length;
        return ok(page, 200, { next_cursor: more ? Buffer.from(String(start + limit)).toString('base64url') : null });
      }
      if (method === 'POST' && path === '/api/v2/deals') {
        if (!body || typeof body.title !== 'string' || !body.title.trim()) return bad(400, 'Title must be given');
        const deal: FakeDeal = {
          id: id(),
          title: body.title,
          value: typeof body.value === 'number' ? body.value : 0,
          currency: typeof body.currency === 'string' ? body.currency : 'USD',
          person_id: typeof body.person_id === 'number' ? body.person_id : null,
          org_id: typeof body.org_id === 'number' ? body.org_id : null,
          status: 'open',
          lost_reason: null,
          owner_id: OWNER_ID,
          visible_to: 3,
          add_time: now(),
          update_time: now(),
        };
        state_.deals.push(deal);
        if (state_.crashes > 0) {
          state_.crashes--;
          // Stored, but the caller never hears of it: as if the process died before reading the answer.
          res.socket?.destroy();
          return;
        }
        return ok(deal);
      }
      // v1 (users have no v2): `term` is matched against names, or only e-mail addresses with search_by_email=1;
      // data is the list of matching users, or null when none match.
      if (method === 'GET' && path === '/api/v1/users/find') {
        const term = (query.term ?? '').toLowerCase();
        if (!term) return bad(400, 'Search term must be given');
        const byEmail = query.search_by_email === '1' || query.search_by_email === 'true';
        const hits = state_.users.filter((u) => (byEmail ? u.email.toLowerCase().includes(term) : u.name.toLowerCase().includes(term)));
        return ok(hits.length ? hits : null);
      }
      // v2 update: only the fields given change; v2 names the owner `owner_id`. A status other than open, won, lost
      // is refused, and lost_reason is kept only for a lost deal.
      const dealUpdate = method === 'PATCH' ? /^\/api\/v2\/deals\/(\d+)$/.exec(path) : null;
      if (dealUpdate) {
        const deal = state_.deals.find((d) => d.id === Number(dealUpdate[1]));
        if (!deal) return bad(404, 'Deal not found');
        if (!body || typeof body !== 'object') return bad(400, 'Body must be given');
        if (body.owner_id !== undefined) {
          if (!state_.users.some((u) => u.id === body.owner_id && u.active_flag)) return bad(400, 'owner_id: user not found or inactive');
          deal.owner_id = body.owner_id;
        }
        if (body.status !== undefined) {
          if (!['open', 'won', 'lost'].includes(body.status)) return bad(400, 'status must be open, won or lost');
          deal.status = body.status;
          deal.lost_reason = body.status === 'lost' ? (typeof body.lost_reason === 'string' ? body.lost_reason : null) : null;
        } else if (body.lost_reason !== undefined && deal.status === 'lost') deal.lost_reason = body.lost_reason;
        deal.update_time = now();
        return ok(deal);
      }
      if (method === 'GET' && path === '/api/v1/notes') {
        let notes = state_.notes;
        if (query.deal_id) notes = notes.filter((n) => n.deal_id === Number(query.deal_id));
        // v1 paging: `start` and `limit` (at most 500), `more_items_in_collection` and `next_start`.
        const start = Number(query.start ?? 0);
        const limit = Math.min(Number(query.limit ?? 100), 500);
        const page = notes.slice(start, start + limit);
        const more = start + limit < notes.length;
        return ok(page.length ? page : null, 200, {
          pagination: { start, limit, more_items_in_collection: more, ...(more ? { next_start: start + limit } : {}) },
        });
      }
      // DELETE: v2 persons and deals answer {id} of what they deleted; v1 notes answer `true`. Pipedrive marks
      // them deleted (for good after 30 days); here they simply go. An unknown id is 404, as in Pipedrive.
      const deletion = method === 'DELETE' ? /^\/api\/(v2\/persons|v2\/deals|v1\/notes)\/(\d+)$/.exec(path) : null;
      if (deletion) {
        const itemId = Number(deletion[2]);
        const list = deletion[1] === 'v2/persons' ? state_.persons : deletion[1] === 'v2/deals' ? state_.deals : state_.notes;
        const at = (list as { id: number }[]).findIndex((item) => item.id === itemId);
        if (at < 0) return bad(404, `${deletion[1] === 'v2/persons' ? 'Person' : deletion[1] === 'v2/deals' ? 'Deal' : 'Note'} not found`);
        list.splice(at, 1);
        // What pointed at a deleted person or deal stays, without the link.
        if (deletion[1] === 'v2/persons') {
          for (const d of state_.deals) if (d.person_id === itemId) d.person_id = null;
          for (const n of state_.notes) if (n.person_id === itemId) n.person_id = null;
        }
        if (deletion[1] === 'v2/deals') for (const n of state_.notes) if (n.deal_id === itemId) n.deal_id = null;
        return deletion[1] === 'v1/notes' ? ok(true) : ok({ id: itemId });
      }
      if (method === 'POST' && path === '/api/v1/notes') {
        if (!body || typeof body.content !== 'string' || !body.content) return bad(400, 'Content must be given');
        if (!body.deal_id && !body.person_id && !body.org_id && !body.lead_id) {
          return bad(400, 'Note must be attached to a deal, person, organization or lead');
        }
        const note: FakeNote = {
          id: id(),
          content: body.content,
          deal_id: body.deal_id ?? null,
          person_id: body.person_id ?? null,
          org_id: body.org_id ?? null,
          add_time: now(),
        };
        state_.notes.push(note);
        if (state_.noteCrashes > 0) {
          state_.noteCrashes--;
          // Stored, but the answer is lost on the way back (a timeout, a dropped connection).
          res.socket?.destroy();
          return;
        }
        return ok(note, 201);
      }
      return bad(404, 'Unknown method .');
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('fake Pipedrive did not start');

  return {
    url: `http://127.0.0.1:${address.port}`,
    token,
    get users() {
      return state.users;
    },
    addUser: ({ name, email, active = true }) => {
      const stamp = now();
      const user: FakeUser = { id: id(), name, email, active_flag: active, is_admin: 0, role_id: 1, created: stamp, modified: null };
      state.users.push(user);
      return user;
    },
    get persons() {
      return state.persons;
    },
    get organizations() {
      return state.organizations;
    },
    get deals() {
      return state.deals;
    },
    get notes() {
      return state.notes;
    },
    get requests() {
      return state.requests;
    },
    failNext: (times, failure) => {
      state.failures.push({ times, failure });
    },
    clearFailures: () => {
      state.failures = [];
    },
    crashAfterCreatingDeal: (times) => {
      state.crashes = times;
    },
    crashAfterCreatingNote: (times) => {
      state.noteCrashes = times;
    },
    setDown: (down) => {
      state.down = down;
    },
    setLatency: (ms) => {
      state.latency = ms;
    },
    setSearchLag: (ms) => {
      state.searchLagMs = ms;
    },
    reset: () => {
      state.persons = [];
      state.organizations = [];
      state.deals = [];
      state.notes = [];
      state.requests = [];
      state.failures = [];
      state.crashes = 0;
      state.noteCrashes = 0;
      state.users = [tokenOwner()];
      state.down = false;
      state.latency = 0;
      state.searchLagMs = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
