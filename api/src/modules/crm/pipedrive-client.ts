// A small client for the few Pipedrive calls the sync needs (docs/crm-sync.md lists the documentation each
// follows). v2 where it exists (persons, organizations, deals), v1 for notes and users, which have no v2 yet. The token
// travels in the `x-api-token` header, never in the URL, so it cannot end up in a log line.
import { normaliseEmail } from '../../contract';

export interface PipedriveClientOptions {
  baseUrl: string;
  apiToken: string;
  /** Per-request time limit; a call that takes longer counts as a network error and is retried later. */
  timeoutMs?: number;
  clock?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
}

/**
 * A failed call. `retryable`: network errors, timeouts, 429 and 5xx, worth another attempt; anything else
 * (a refused token, a rejected body) will not get better by waiting. `retryAfterMs` is Pipedrive's own wish.
 */
export class PipedriveError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status: number | null = null,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

export interface PersonInput {
  name: string;
  email: string;
  phone?: string | null;
  orgId?: number | null;
}

export interface DealInput {
  title: string;
  value: number;
  currency: string;
  personId: number;
  orgId?: number | null;
}

/** What a lead's work changes on its deal (v2 names: `owner_id`, where v1 said `user_id`). */
export type DealPatch = { owner_id: number } | { status: 'lost'; lost_reason: string } | { status: 'open' };

interface SearchItem<T> {
  result_score: number;
  item: T;
}

interface Envelope<T> {
  success: boolean;
  data: T;
  additional_data?: unknown;
  error?: string;
}

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export class PipedriveClient {
  private readonly baseUrl: string;
  private readonly apiToken: string;
  private readonly timeoutMs: number;
  private readonly clock: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly fetchImpl: typeof fetch;
  /** Set when a response said the window's budget is spent: calls wait for the reset instead of meeting a 429. */
  private pausedUntil = 0;

  constructor(options: PipedriveClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.apiToken = options.apiToken;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.clock = options.clock ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.fetchImpl = options.fetch ?? fetch;
  }

  /** GET /api/v2/persons/search, exact e-mail match: the id of the best match, or null. */
  async findPersonByEmail(email: string): Promise<number | null> {
    const data = await this.call<{ items: SearchItem<{ id: number; emails?: string[] }>[] }>('GET', '/api/v2/persons/search', {
      query: { term: email, fields: 'email', exact_match: 'true', limit: '10' },
    });
    const wanted = normaliseEmail(email);
    // The search is exact but case-insensitive; prefer a person that really holds this address (in any case or
    // Unicode form: normaliseEmail).
    const items = data?.items ?? [];
    const hit = items.find((i) => (i.item.emails ?? []).some((e) => normaliseEmail(e) === wanted)) ?? items[0];
    return hit ? hit.item.id : null;
  }

  /** POST /api/v2/persons with the e-mail (and phone) as primary work entries. */
  async createPerson(input: PersonInput): Promise<number> {
    const body: Record<string, unknown> = {
      name: input.name,
      emails: [{ value: input.email, primary: true, label: 'work' }],
    };
    if (input.phone) body.phones = [{ value: input.phone, primary: true, label: 'work' }];
    if (input.orgId) body.org_id = input.orgId;
    const data = await this.call<{ id: number }>('POST', '/api/v2/persons', { body });
    return requireId(data, 'person');
  }

  /** GET /api/v2/organizations/search, exact name match: the id, or null. */
  async findOrganizationByName(name: string): Promise<number | null> {
    const data = await this.call<{ items: SearchItem<{ id: number; name: string }>[] }>('GET', '/api/v2/organizations/search', {
      query: { term: name, fields: 'name', exact_match: 'true', limit: '10' },
    });
    const wanted = name.toLowerCase();
    const items = data?.items ?? [];
    const hit = items.find((i) => i.item.name?.toLowerCase() === wanted) ?? items[0];
    return hit ? hit.item.id : null;
  }

  /** POST /api/v2/organizations. */
  async createOrganization(name: string): Promise<number> {
    const data = await this.call<{ id: number }>('POST', '/api/v2/organizations', { body: { name } });
    return requireId(data, 'organization');
  }

  /**
   * The person's deal titled exactly `title`, or null. Only the person's own deals are looked at
   * (GET /api/v2/deals?person_id=, read from the database, so a deal made a moment ago is there), every page
   * of them (cursor paging, 500 a page, newest first): a visitor cannot make another lead adopt a deal by
   * writing its marker somewhere, and `#L1` never matches `#L10`.
   */
  async findPersonDealByTitle(personId: number, title: string): Promise<number | null> {
    const wanted = title.trim();
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = { person_id: String(personId), limit: '500', sort_by: 'id', sort_direction: 'desc' };
      if (cursor) query.cursor = cursor;
      const { data, additional } = await this.callWithExtras<{ id: number; title?: string }[] | null, { next_cursor?: string | null }>('GET', '/api/v2/deals', { query });
      const hit = (data ?? []).find((d) => typeof d.title === 'string' && d.title.trim() === wanted);
      if (hit) return hit.id;
      cursor = additional?.next_cursor ?? null;
    } while (cursor);
    return null;
  }

  /** POST /api/v2/deals. */
  async createDeal(input: DealInput): Promise<number> {
    const body: Record<string, unknown> = {
      title: input.title,
      value: input.value,
      currency: input.currency,
      person_id: input.personId,
    };
    if (input.orgId) body.org_id = input.orgId;
    const data = await this.call<{ id: number }>('POST', '/api/v2/deals', { body });
    return requireId(data, 'deal');
  }

  /**
   * The id of the active Pipedrive user whose e-mail is this address (GET /api/v1/users/find?term=&search_by_email=1,
   * compared as every "same address" rule compares), or null when there is none.
   */
  async findUserByEmail(email: string): Promise<number | null> {
    const users = await this.call<{ id: number; email?: string; active_flag?: boolean }[] | null>('GET', '/api/v1/users/find', {
      query: { term: email, search_by_email: '1' },
    });
    const wanted = normaliseEmail(email);
    const hit = (users ?? []).find((u) => u.active_flag !== false && typeof u.email === 'string' && normaliseEmail(u.email) === wanted);
    return hit ? hit.id : null;
  }

  /** PATCH /api/v2/deals/{id}: a new owner, or the deal lost with a reason, or open again. */
  async updateDeal(dealId: number, patch: DealPatch): Promise<void> {
    await this.call('PATCH', `/api/v2/deals/${dealId}`, { body: patch });
  }

  /**
   * The id of the deal's note whose content holds `text`, or null (GET /api/v1/notes?deal_id=, every page: the
   * list is read from Pipedrive's database, so a note made a moment ago is there).
   */
  async findDealNote(dealId: number, text: string): Promise<number | null> {
    let start = 0;
    for (;;) {
      const { data, additional } = await this.callWithExtras<{ id: number; content?: string }[] | null, { pagination?: { more_items_in_collection?: boolean; next_start?: number } }>(
        'GET',
        '/api/v1/notes',
        { query: { deal_id: String(dealId), start: String(start), limit: '500' } },
      );
      const hit = (data ?? []).find((n) => typeof n.content === 'string' && n.content.includes(text));
      if (hit) return hit.id;
      const page = additional?.pagination;
      if (!page?.more_items_in_collection || typeof page.next_start !== 'number' || page.next_start <= start) return null;
      start = page.next_start;
    }
  }

  /** Whether the deal already has a note containing `marker` (GET /api/v1/notes?deal_id=). */
  async dealHasNote(dealId: number, marker: string): Promise<boolean> {
    const notes = await this.call<{ id: number; content: string }[] | null>('GET', '/api/v1/notes', {
      query: { deal_id: String(dealId), limit: '500' },
    });
    return (notes ?? []).some((n) => typeof n.content === 'string' && hasMarker(n.content, marker));
  }

  /** POST /api/v1/notes attached to the deal (HTML content). */
  async addNote(dealId: number, content: string): Promise<number> {
    const data = await this.call<{ id: number }>('POST', '/api/v1/notes', { body: { deal_id: dealId, content } });
    return requireId(data, 'note');
  }

  /**
   * The ids of every note on the deal (GET /api/v1/notes?deal_id=, following v1's `start` paging to the end).
   * An unknown or deleted deal has none.
   */
  async dealNoteIds(dealId: number): Promise<number[]> {
    const ids: number[] = [];
    let start = 0;
    for (;;) {
      const { data, additional } = await this.callWithExtras<{ id: number }[] | null, { pagination?: { more_items_in_collection?: boolean; next_start?: number } }>(
        'GET',
        '/api/v1/notes',
        { query: { deal_id: String(dealId), start: String(start), limit: '500' } },
      );
      ids.push(...(data ?? []).map((n) => n.id));
      const page = additional?.pagination;
      if (!page?.more_items_in_collection || typeof page.next_start !== 'number' || page.next_start <= start) return ids;
      start = page.next_start;
    }
  }

  /**
   * DELETE /api/v2/persons/{id}. Pipedrive marks the person deleted and removes it for good after 30 days.
   * Answers false when it was gone already (404, 410), so a retried erasure goes on where it stopped.
   */
  deletePerson(id: number): Promise<boolean> {
    return this.remove(`/api/v2/persons/${id}`);
  }

  /** DELETE /api/v2/deals/{id}; false when it was gone already. */
  deleteDeal(id: number): Promise<boolean> {
    return this.remove(`/api/v2/deals/${id}`);
  }

  /** DELETE /api/v1/notes/{id} (notes have no v2 yet); false when it was gone already. */
  deleteNote(id: number): Promise<boolean> {
    return this.remove(`/api/v1/notes/${id}`);
  }

  private async remove(path: string): Promise<boolean> {
    try {
      await this.call('DELETE', path);
      return true;
    } catch (err) {
      if (err instanceof PipedriveError && (err.status === 404 || err.status === 410)) return false;
      throw err;
    }
  }

  private async call<T>(method: HttpMethod, path: string, options: { query?: Record<string, string>; body?: unknown } = {}): Promise<T> {
    return (await this.callWithExtras<T, unknown>(method, path, options)).data;
  }

  /** A call that also answers the envelope's `additional_data` (paging cursors). */
  private async callWithExtras<T, A>(
    method: HttpMethod,
    path: string,
    { query, body }: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<{ data: T; additional: A | undefined }> {
    const wait = this.pausedUntil - this.clock().getTime();
    if (wait > 0) await this.sleep(wait);
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        headers: {
          'x-api-token': this.apiToken,
          Accept: 'application/json',
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
      const why = e.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : (e.cause?.code ?? e.cause?.message ?? e.message ?? 'network error');
      throw new PipedriveError(`${method} ${path}: ${why}`, true);
    }
    this.notePace(res.headers);
    const text = await res.text().catch(() => '');
    let json: Envelope<T> | undefined;
    try {
      json = text ? (JSON.parse(text) as Envelope<T>) : undefined;
    } catch {
      json = undefined;
    }
    if (res.ok && json?.success !== false) {
      if (!json) throw new PipedriveError(`${method} ${path}: answered ${res.status} without a JSON body`, true, res.status);
      return { data: json.data, additional: json.additional_data as A | undefined };
    }
    const reason = json?.error ?? (text.slice(0, 200) || res.statusText);
    const message = `${method} ${path}: ${res.status} ${reason}`;
    if (res.status === 429) throw new PipedriveError(message, true, 429, this.retryAfterMs(res.headers, true));
    if (res.status >= 500) throw new PipedriveError(message, true, res.status, this.retryAfterMs(res.headers, false));
    throw new PipedriveError(message, false, res.status);
  }

  /** Pipedrive sends x-ratelimit-remaining/-reset on every answer: when none are left, pause until the reset. */
  private notePace(headers: Headers): void {
    const remaining = Number(headers.get('x-ratelimit-remaining'));
    const reset = Number(headers.get('x-ratelimit-reset'));
    if (headers.has('x-ratelimit-remaining') && remaining <= 0 && Number.isFinite(reset) && reset > 0) {
      this.pausedUntil = this.clock().getTime() + Math.min(reset, 60) * 1000;
    }
  }

  /**
   * `retry-after` (seconds or an HTTP date); on a 429 without it, `x-ratelimit-reset` (seconds left in the
   * window). The window's reset says nothing about when a 5xx will pass, so it is not used for those.
   */
  private retryAfterMs(headers: Headers, rateLimited: boolean): number | null {
    const retryAfter = headers.get('retry-after');
    if (retryAfter) {
      const seconds = Number(retryAfter);
      if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
      const date = Date.parse(retryAfter);
      if (!Number.isNaN(date)) return Math.max(0, date - this.clock().getTime());
    }
    if (!rateLimited) return null;
    const reset = Number(headers.get('x-ratelimit-reset'));
    return headers.has('x-ratelimit-reset') && Number.isFinite(reset) ? Math.max(0, reset * 1000) : null;
  }
}

/** `#L4` must not match a text holding `#L42`: the marker ends at a non-digit or the end of the text. */
export function hasMarker(title: string, marker: string): boolean {
  let from = 0;
  for (;;) {
    const at = title.indexOf(marker, from);
    if (at < 0) return false;
    const next = title.charAt(at + marker.length);
    if (!/[0-9]/.test(next)) return true;
    from = at + 1;
  }
}

function requireId(data: { id: number } | null | undefined, what: string): number {
  if (!data || typeof data.id !== 'number') throw new PipedriveError(`Pipedrive answered without the new ${what}'s id`, true);
  return data.id;
}
