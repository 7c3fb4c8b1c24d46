// Working a lead (issue #31) over real HTTP on SQLite and PostgreSQL: take, the race of takes, assign and
// reassign, stage with its reason, notes and the timeline, who may do what, a replayed note, the clock (first
// response numbers from stored times on a clock the test sets), the overdue sweep, and the person's export and
// erasure.
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_FIT_REASONS, notificationFor, type Lead, type LeadData, type LiveEventDraft, type PersonExport } from '../../contract';
import { createLead } from '../../testing/leads';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { api, ENGINES, useTestApp } from '../../testing/test-app';
import { sweepOverdueLeads } from './index';

const MIN = 60_000;

const person = (i: number, overrides: Partial<LeadData> = {}): LeadData => ({
  firstName: `First${i}`,
  lastName: `Last${i}`,
  email: `person${i}@example.com`,
  source: 'Main Website',
  ...overrides,
});

describe.each(ENGINES)('lead work on %s', (engine) => {
  // The test's clock: real time to start with (sessions are checked against it), moved forward by the tests.
  let nowMs = Date.now();
  const app = useTestApp(engine, { clock: () => new Date(nowMs) });
  let admin: SignedIn;
  let rita: SignedIn;
  let sam: SignedIn;
  const events: LiveEventDraft[] = [];
  const call = (who: SignedIn, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    api(app.baseUrl, method, path, body, { Cookie: who.cookie, ...headers });
  let seq = 100;
  const newLead = async (overrides: Partial<LeadData> = {}, at = new Date(nowMs).toISOString()) => (await createLead(app.db, person(++seq, overrides), at)).id;

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
    rita = await signInAs(app, 'rep', 'Rita Rep');
    sam = await signInAs(app, 'rep', 'Sam Rep');
    app.deps.live.subscribe((batch) => events.push(...batch));
  });

  it('take - an unowned lead becomes the rep\'s, on the lead and on the live stream; a second take is 409 naming the owner', async () => {
    const id = await newLead();
    const before = await call(admin, 'GET', `/api/admin/leads/${id}`);
    expect(before.json).toMatchObject({ owner: null, stage: 'new', stageReason: null, firstResponseAt: null, overdueAt: null });
    const res = await call(rita, 'POST', `/api/admin/leads/${id}/take`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id, owner: { id: rita.user.id, name: 'Rita Rep' }, stage: 'new' });
    expect((await call(admin, 'GET', `/api/admin/leads/${id}`)).json.owner).toEqual({ id: rita.user.id, name: 'Rita Rep' });
    const event = events.findLast((e) => e.recordId === id);
    expect(event).toMatchObject({ type: 'lead.updated', repUserId: rita.user.id, record: { owner: { id: rita.user.id, name: 'Rita Rep' } } });
    // Taken again by its owner (a replayed take): the same answer. By anybody else: who has it.
    expect((await call(rita, 'POST', `/api/admin/leads/${id}/take`)).status).toBe(200);
    const other = await call(sam, 'POST', `/api/admin/leads/${id}/take`);
    expect(other.status).toBe(409);
    expect(other.json).toEqual({ message: 'Rita Rep has this lead.', owner: { id: rita.user.id, name: 'Rita Rep' } });
    expect((await call(sam, 'POST', '/api/admin/leads/999999/take')).status).toBe(404);
  });

  it('two takes at once - six staff take one lead together: exactly one 200, five 409 naming the winner, one owner row on the timeline', async () => {
    const id = await newLead();
    const staff = [admin, rita, sam, ...(await Promise.all([1, 2, 3].map((i) => signInAs(app, 'rep', `Racer ${i}`))))];
    const answers = await Promise.all(staff.map((s) => call(s, 'POST', `/api/admin/leads/${id}/take`)));
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(5);
    const winner = won[0]!.json.owner as { id: number; name: string };
    expect(staff.map((s) => s.user.id)).toContain(winner.id);
    for (const a of lost) expect(a.json).toEqual({ message: `${winner.name} has this lead.`, owner: winner });
    const timeline = await call(admin, 'GET', `/api/admin/leads/${id}/timeline`);
    expect(timeline.json).toHaveLength(1);
    expect(timeline.json[0]).toMatchObject({ kind: 'owner', from: null, to: winner, actor: winner });
  });

  it('assign and reassign - admins only, to an active staff member; a deactivated or unknown one is 400 on userId', async () => {
    const id = await newLead();
    const toRita = await call(admin, 'PUT', `/api/admin/leads/${id}/owner`, { userId: rita.user.id });
    expect(toRita.status).toBe(200);
    expect(toRita.json.owner).toEqual({ id: rita.user.id, name: 'Rita Rep' });
    const toSam = await call(admin, 'PUT', `/api/admin/leads/${id}/owner`, { userId: sam.user.id });
    expect(toSam.json.owner).toEqual({ id: sam.user.id, name: 'Sam Rep' });
    // The reassignment reaches the new owner's desk and the desk it was taken from, which then lets it go.
    await new Promise((resolve) => setImmediate(resolve));
    const told = events.filter((e) => e.recordId === id && e.type === 'lead.updated' && (e.record as Lead).owner?.id === sam.user.id);
    expect(told.map((e) => e.repUserId).sort()).toEqual([rita.user.id, sam.user.id].sort());
    // A rep may not assign, not even a lead of their own.
    const byRep = await call(sam, 'PUT', `/api/admin/leads/${id}/owner`, { userId: rita.user.id });
    expect(byRep.status).toBe(403);
    const gone = await signInAs(app, 'rep', 'Gone Rep');
    expect((await call(admin, 'POST', `/api/admin/users/${gone.user.id}/deactivate`)).status).toBe(200);
    const refused = await call(admin, 'PUT', `/api/admin/leads/${id}/owner`, { userId: gone.user.id });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ userId: 'Choose an active staff member' });
    expect((await call(admin, 'PUT', `/api/admin/leads/${id}/owner`, { userId: 987654 })).status).toBe(400);
    expect((await call(admin, 'PUT', `/api/admin/leads/${id}/owner`, { userId: 'x' })).status).toBe(400);
    expect((await call(admin, 'GET', `/api/admin/leads/${id}`)).json.owner).toEqual({ id: sam.user.id, name: 'Sam Rep' });
    const none = await call(admin, 'PUT', `/api/admin/leads/${id}/owner`, { userId: null });
    expect(none.json.owner).toBeNull();
    const timeline = (await call(admin, 'GET', `/api/admin/leads/${id}/timeline`)).json;
    expect(timeline.map((e: { from: unknown; to: unknown }) => [e.from, e.to])).toEqual([
      [{ id: sam.user.id, name: 'Sam Rep' }, null],
      [{ id: rita.user.id, name: 'Rita Rep' }, { id: sam.user.id, name: 'Sam Rep' }],
      [null, { id: rita.user.id, name: 'Rita Rep' }],
    ]);
  });

  it('stage - Not a fit needs a reason (400 on reason); with one it is kept; the first step past New stops the clock once', async () => {
    const arrived = nowMs;
    const id = await newLead({}, new Date(arrived).toISOString());
    const noReason = await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'not_a_fit' });
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors).toEqual({ reason: 'Please give a reason the lead is not a fit' });
    expect((await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'not_a_fit', reason: '   ' })).status).toBe(400);
    expect((await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'lost' })).json.errors).toHaveProperty('stage');
    expect((await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'not_a_fit', reason: 'x'.repeat(201) })).status).toBe(400);
    expect((await call(admin, 'GET', `/api/admin/leads/${id}`)).json).toMatchObject({ stage: 'new', firstResponseAt: null });

    nowMs += 3 * MIN;
    const contacted = await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'contacted', reason: 'ignored' });
    expect(contacted.status).toBe(200);
    expect(contacted.json).toMatchObject({ stage: 'contacted', stageReason: null, firstResponseAt: new Date(nowMs).toISOString() });
    const firstResponse = contacted.json.firstResponseAt;
    nowMs += MIN;
    const notAFit = await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'not_a_fit', reason: ` ${NOT_A_FIT_REASONS[1]} ` });
    expect(notAFit.json).toMatchObject({ stage: 'not_a_fit', stageReason: 'No budget', firstResponseAt: firstResponse });
    nowMs += MIN;
    const back = await call(admin, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'new' });
    expect(back.json).toMatchObject({ stage: 'new', stageReason: null, firstResponseAt: firstResponse });
    const timeline = (await call(admin, 'GET', `/api/admin/leads/${id}/timeline`)).json;
    expect(timeline.map((e: { from: string; to: string; reason: string | null }) => [e.from, e.to, e.reason])).toEqual([
      ['not_a_fit', 'new', null],
      ['contacted', 'not_a_fit', 'No budget'],
      ['new', 'contacted', null],
    ]);
  });

  it('notes and the timeline - newest first with who wrote each; a blank or overlong note is 400', async () => {
    const id = await newLead();
    await call(admin, 'PUT', `/api/admin/leads/${id}/owner`, { userId: rita.user.id });
    nowMs += 1000;
    const note = await call(rita, 'POST', `/api/admin/leads/${id}/notes`, { body: '  Left a voicemail.  ' });
    expect(note.status).toBe(201);
    expect(note.json).toMatchObject({ kind: 'note', leadId: id, body: 'Left a voicemail.', actor: { id: rita.user.id, name: 'Rita Rep' }, at: new Date(nowMs).toISOString() });
    nowMs += 1000;
    await call(rita, 'PUT', `/api/admin/leads/${id}/stage`, { stage: 'contacted' });
    nowMs += 1000;
    await call(admin, 'POST', `/api/admin/leads/${id}/notes`, { body: 'Call back Tuesday.' });
    const blank = await call(admin, 'POST', `/api/admin/leads/${id}/notes`, { body: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.json.errors).toEqual({ body: 'Please write a note' });
    expect((await call(admin, 'POST', `/api/admin/leads/${id}/notes`, { body: 'x'.repeat(5001) })).status).toBe(400);
    const timeline = (await call(rita, 'GET', `/api/admin/leads/${id}/timeline`)).json;
    expect(timeline.map((e: { kind: string; actor: { name: string } }) => [e.kind, e.actor.name])).toEqual([
      ['note', 'Ada Admin'],
      ['stage', 'Rita Rep'],
      ['note', 'Rita Rep'],
      ['owner', 'Ada Admin'],
    ]);
    expect(timeline[0].body).toBe('Call back Tuesday.');
  });

  it('a rep - 403 with a message on a lead they do not own, 200 on their own; still 403 on the rest of the admin', async () => {
    const theirs = await newLead();
    const notTheirs = await newLead();
    await call(admin, 'PUT', `/api/admin/leads/${theirs}/owner`, { userId: rita.user.id });
    await call(admin, 'PUT', `/api/admin/leads/${notTheirs}/owner`, { userId: sam.user.id });
    for (const [method, path, body] of [
      ['PUT', 'stage', { stage: 'contacted' }],
      ['POST', 'notes', { body: 'Mine now?' }],
      ['GET', 'timeline', undefined],
    ] as const) {
      const refused = await call(rita, method, `/api/admin/leads/${notTheirs}/${path}`, body);
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ message: 'You can only work leads you own.' });
      expect((await call(rita, method, `/api/admin/leads/${theirs}/${path}`, body)).status).toBe(method === 'POST' ? 201 : 200);
    }
    expect((await call(admin, 'GET', `/api/admin/leads/${notTheirs}/timeline`)).json.filter((e: { kind: string }) => e.kind !== 'owner')).toEqual([]);
    expect((await call(rita, 'GET', `/api/admin/leads/${theirs}`)).status).toBe(200);
    expect((await call(rita, 'GET', `/api/admin/leads/${notTheirs}`)).status).toBe(403);
    expect((await call(rita, 'GET', '/api/admin/stats')).status).toBe(403);
    expect((await call(rita, 'GET', '/api/admin/settings/lead-response')).status).toBe(403);
    expect((await api(app.baseUrl, 'POST', `/api/admin/leads/${theirs}/take`)).status).toBe(401);
  });

  it('a note replayed under its Idempotency-Key - stored once, the same answer marked as a replay', async () => {
    const id = await newLead();
    const key = crypto.randomUUID();
    const first = await call(admin, 'POST', `/api/admin/leads/${id}/notes`, { body: 'Sent from the hall.' }, { 'Idempotency-Key': key });
    const again = await call(admin, 'POST', `/api/admin/leads/${id}/notes`, { body: 'Sent from the hall.' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    // Another note under the same key is refused, not stored.
    expect((await call(admin, 'POST', `/api/admin/leads/${id}/notes`, { body: 'Something else.' }, { 'Idempotency-Key': key })).status).toBe(422);
    const notes = (await call(admin, 'GET', `/api/admin/leads/${id}/timeline`)).json;
    expect(notes).toHaveLength(1);
  });
});

describe.each(ENGINES)('the lead clock on %s', (engine) => {
  let nowMs = Date.now();
  const app = useTestApp(engine, { clock: () => new Date(nowMs) });
  let admin: SignedIn;
  const call = (method: string, path: string, body?: unknown) => api(app.baseUrl, method, path, body, { Cookie: admin.cookie });
  let seq = 0;
  const leadAt = async (atMs: number) => (await createLead(app.db, person(++seq), new Date(atMs).toISOString())).id;
  const stats = async () => {
    const res = await call('GET', '/api/admin/stats');
    expect(res.status).toBe(200);
    return { median: res.json.medianFirstResponseSeconds7d, share: res.json.answeredWithin5MinShare7d };
  };

  beforeAll(async () => {
    admin = await signInAs(app);
  });

  it('first response - the median and the 5-minute share come from stored arrival and first-response times', async () => {
    expect(await stats()).toEqual({ median: null, share: null });
    const start = nowMs;
    // Answered after 2 min, 4 min, 10 min and 30 min; one still New after an hour; one 8 days old (outside).
    const answerAfter = [2, 4, 10, 30];
    const ids = [];
    for (let i = 0; i < answerAfter.length; i++) ids.push(await leadAt(start + i * 1000));
    await leadAt(start + 10_000);
    const old = await leadAt(start - 8 * 24 * 60 * MIN);
    nowMs = start - 8 * 24 * 60 * MIN + 30_000;
    await call('PUT', `/api/admin/leads/${old}/stage`, { stage: 'contacted' });
    for (let i = 0; i < answerAfter.length; i++) {
      nowMs = start + i * 1000 + answerAfter[i]! * MIN;
      expect((await call('PUT', `/api/admin/leads/${ids[i]}/stage`, { stage: i % 2 ? 'qualified' : 'contacted' })).status).toBe(200);
    }
    nowMs = start + 60 * MIN;
    // Median of 120, 240, 600, 1800 s: 420 s. Within 5 minutes: 2 of the 5 leads due (the unanswered one counts).
    expect(await stats()).toEqual({ median: 420, share: 0.4 });
    // A lead that arrived a minute ago and is still New can still make it: not counted yet.
    await leadAt(nowMs - MIN);
    expect(await stats()).toEqual({ median: 420, share: 0.4 });
  });

  it('the overdue setting - 15 minutes by default, at least 1, admins change it', async () => {
    expect((await call('GET', '/api/admin/settings/lead-response')).json).toEqual({ overdueAfterMinutes: 15 });
    const zero = await call('PUT', '/api/admin/settings/lead-response', { overdueAfterMinutes: 0 });
    expect(zero.status).toBe(400);
    expect(zero.json.errors).toEqual({ overdueAfterMinutes: 'Overdue after must be at least 1 minute' });
    expect((await call('PUT', '/api/admin/settings/lead-response', { overdueAfterMinutes: 2.5 })).status).toBe(400);
    expect((await call('PUT', '/api/admin/settings/lead-response', { overdueAfterMinutes: 10 })).json).toEqual({ overdueAfterMinutes: 10 });
    expect((await call('GET', '/api/admin/settings/lead-response')).json).toEqual({ overdueAfterMinutes: 10 });
    // Only the change that was stored is in the staff audit log, with who made it and the value before and after.
    const lines = await app.db('staff_audit').where({ action: 'lead_response.setting' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor_user_id: admin.user.id });
    expect(JSON.parse(lines[0].details)).toEqual({ before: { overdueAfterMinutes: 15 }, after: { overdueAfterMinutes: 10 } });
  });

  it('the overdue sweep - an unowned lead still New past the setting is marked and raised to admins once (push event and e-mail); a taken one is not', async () => {
    await call('PUT', '/api/admin/settings/lead-response', { overdueAfterMinutes: 10 });
    // The earlier tests' leads, once overdue, are raised first, out of the way.
    nowMs += 20 * MIN;
    await sweepOverdueLeads(app.deps);
    // The bus tells its listeners after the request's turn (live-bus.ts): those earlier events are told first.
    await new Promise((resolve) => setImmediate(resolve));
    const events: LiveEventDraft[] = [];
    app.deps.live.subscribe((batch) => events.push(...batch));
    const start = nowMs;
    const waiting = await leadAt(start);
    const taken = await leadAt(start);
    const fresh = await leadAt(start + 5 * MIN);
    await call('POST', `/api/admin/leads/${taken}/take`);
    nowMs = start + 9 * MIN;
    expect(await sweepOverdueLeads(app.deps)).toEqual([]);
    nowMs = start + 10 * MIN;
    // Two sweeps at once (two processes after a restart): the lead is raised by one of them.
    expect((await Promise.all([sweepOverdueLeads(app.deps), sweepOverdueLeads(app.deps)])).flat()).toEqual([waiting]);
    expect(await sweepOverdueLeads(app.deps)).toEqual([]);
    expect((await call('GET', `/api/admin/leads/${waiting}`)).json.overdueAt).toBe(new Date(nowMs).toISOString());
    expect((await call('GET', `/api/admin/leads/${fresh}`)).json.overdueAt).toBeNull();
    const overdue = events.filter((e) => e.type === 'lead.overdue');
    expect(overdue.map((e) => [e.recordId, e.repUserId])).toEqual([[waiting, null]]);
    // What Web Push sends every admin who turned on lead notifications (push-delivery.ts sends each such event).
    expect(notificationFor(overdue[0]!)).toMatchObject({ title: 'Lead waiting', url: `/admin?lead=${waiting}` });
    const mail = await app
      .db('mail_messages')
      .where({ kind: 'lead_overdue_alert' })
      .whereIn('id', app.db('mail_message_records').select('message_id').where({ record_kind: 'lead', record_id: waiting }))
      .select('to_address', 'subject', 'text_body');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: admin.user.email });
    expect(mail[0].subject).toMatch(/^Lead waiting: /);
    expect(mail[0].text_body).toContain('No owner and still New after 10 min');
  });

  it('export and erasure - the notes of the person\'s leads are in their export and gone after the erasure; a bystander\'s stay', async () => {
    const mine = await createLead(app.db, person(500, { email: 'noted.person@example.com' }), new Date(nowMs).toISOString());
    const bystander = await createLead(app.db, person(501), new Date(nowMs).toISOString());
    const noteKey = crypto.randomUUID();
    await api(app.baseUrl, 'POST', `/api/admin/leads/${mine.id}/notes`, { body: 'Prefers e-mail.' }, { Cookie: admin.cookie, 'Idempotency-Key': noteKey });
    await call('PUT', `/api/admin/leads/${mine.id}/stage`, { stage: 'contacted' });
    await call('POST', `/api/admin/leads/${bystander.id}/notes`, { body: 'Bystander note.' });
    const exported = await call('POST', '/api/admin/people/export', { email: 'noted.person@example.com' });
    expect(exported.status).toBe(200);
    const timeline = (exported.json as PersonExport).timeline;
    expect(timeline.map((e) => [e.leadId, e.kind])).toEqual([
      [mine.id, 'stage'],
      [mine.id, 'note'],
    ]);
    expect(timeline[1]).toMatchObject({ body: 'Prefers e-mail.', actor: { id: admin.user.id, name: admin.user.name } });
    expect((await call('POST', '/api/admin/people/erase', { email: 'noted.person@example.com' })).status).toBe(200);
    expect(Number((await app.db('lead_timeline').where({ lead_id: mine.id }).count({ n: '*' }).first())?.n)).toBe(0);
    expect(await app.db('lead_timeline').where({ kind: 'note' }).pluck('body')).toContain('Bystander note.');
    // The note's stored answer repeated its text: the key stays (a replay is still recognised), the text goes.
    const key = await app.db('idempotency_keys').where({ scope: 'lead-notes', key: noteKey }).first();
    expect(key.response_body).toBeNull();
    expect((await call('POST', '/api/admin/people/export', { email: 'noted.person@example.com' })).json.timeline).toEqual([]);
  });
});
