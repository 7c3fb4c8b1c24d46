// One try at delivering an outbox item, against a real local HTTP server answering as ours would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKeptForLater, sendItem } from './outbox-send';
import type { OutboxItem } from './outbox-types';

let server: http.Server;
let base: string;
const answers = new Map<string, { status: number; body: unknown }>();
const keysSeen: string[] = [];
const uploads: { method?: string; type?: string; bytes: Buffer }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    keysSeen.push(String(req.headers['idempotency-key']));
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    // Answers once it has read the whole body, as our server does: what it received is recorded first.
    req.on('end', () => {
      uploads.push({ method: req.method, type: req.headers['content-type'], bytes: Buffer.concat(chunks) });
      const answer = answers.get(req.url ?? '') ?? { status: 201, body: { id: 1 } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function item(path: string): OutboxItem {
  return { id: crypto.randomUUID(), kind: 'lead', url: `${base}${path}`, body: { firstName: 'Ada' }, authenticated: false, state: 'waiting', createdAt: 0, attempts: 0, nextAttemptAt: 0 };
}

describe('sendItem', () => {
  it('409 (the same Idempotency-Key still being processed) is tried again later, never moved to the failed list', async () => {
    answers.set('/busy', { status: 409, body: { message: 'A request with this Idempotency-Key is still being processed' } });
    const outcome = await sendItem(item('/busy'));
    expect(outcome.type).toBe('retry');
    expect(isKeptForLater(outcome)).toBe(true);
  });

  it('409 on a keyless item (a lead taken meanwhile by somebody else) is a refusal, with the server sentence naming who has it', async () => {
    answers.set('/leads/7/take', { status: 409, body: { message: 'Rhea has this lead.', owner: { id: 2, name: 'Rhea' } } });
    const take: OutboxItem = { ...item('/leads/7/take'), kind: 'lead-take', body: {}, authenticated: true, keyless: true, about: 'Ada Lovelace' };
    const outcome = await sendItem(take);
    expect(outcome).toEqual({ type: 'rejected', error: { status: 409, message: 'Rhea has this lead.', fieldErrors: {} } });
    expect(isKeptForLater(outcome)).toBe(false);
  });

  it.each([
    [401, 'auth'],
    [403, 'rejected'],
    [404, 'rejected'],
  ] as const)('%s on a take or stage change (signed out; the lead reassigned or erased meanwhile) is %s', async (status, type) => {
    answers.set(`/leads/8/stage-${status}`, { status, body: { message: 'No' } });
    const stage: OutboxItem = { ...item(`/leads/8/stage-${status}`), kind: 'lead-stage', method: 'PUT', body: { stage: 'qualified' }, authenticated: true, keyless: true };
    const outcome = await sendItem(stage);
    expect(outcome.type).toBe(type);
    expect(uploads.at(-1)?.method).toBe('PUT');
    expect(JSON.parse(uploads.at(-1)!.bytes.toString())).toEqual({ stage: 'qualified' });
  });

  it('a keyless stage change answered 2xx is sent with the lead the server answered', async () => {
    answers.set('/leads/9/stage', { status: 200, body: { id: 9, stage: 'contacted' } });
    const outcome = await sendItem({ ...item('/leads/9/stage'), kind: 'lead-stage', method: 'PUT', body: { stage: 'contacted' }, authenticated: true, keyless: true });
    expect(outcome).toEqual({ type: 'sent', status: 200, body: { id: 9, stage: 'contacted' } });
  });

  it('422 is a refusal, with the server message and field errors as data', async () => {
    answers.set('/refused', { status: 422, body: { message: 'Company is not accepted', errors: { company: 'Company is not accepted' } } });
    const outcome = await sendItem(item('/refused'));
    expect(outcome).toEqual({ type: 'rejected', error: { status: 422, message: 'Company is not accepted', fieldErrors: { company: 'Company is not accepted' } } });
    expect(isKeptForLater(outcome)).toBe(false);
  });

  it('503 is simply kept for later; 500 is kept too, and also shown to a form on its first try', async () => {
    answers.set('/unavailable', { status: 503, body: { message: 'Down for a moment' } });
    answers.set('/broken', { status: 500, body: { message: 'Internal error' } });
    const unavailable = await sendItem(item('/unavailable'));
    const broken = await sendItem(item('/broken'));
    expect([unavailable.type, isKeptForLater(unavailable)]).toEqual(['retry', true]);
    expect([broken.type, isKeptForLater(broken)]).toEqual(['retry', false]);
  });

  it.each([408, 429])('%s is kept for later under the same key, and also shown to a form on its first try', async (status) => {
    answers.set(`/status-${status}`, { status, body: { message: 'Not now' } });
    const queued = item(`/status-${status}`);
    const outcome = await sendItem(queued);
    expect(outcome.type).toBe('retry');
    expect(outcome.type !== 'sent' && outcome.error.status).toBe(status);
    expect(isKeptForLater(outcome)).toBe(false);
    expect(keysSeen.at(-1)).toBe(queued.id);
  });

  it('2xx is sent, with the server answer, and the item key travels as the Idempotency-Key', async () => {
    const sent = item('/leads');
    const outcome = await sendItem(sent);
    expect(outcome).toEqual({ type: 'sent', status: 201, body: { id: 1 } });
    expect(keysSeen.at(-1)).toBe(sent.id);
  });

  it('an upload item sends its Blob as the body, with its own content type and method', async () => {
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const outcome = await sendItem({ ...item('/photo'), method: 'PUT', upload: { blob: new Blob([bytes], { type: 'image/jpeg' }), contentType: 'image/jpeg' } });
    expect(outcome.type).toBe('sent');
    const seen = uploads.at(-1)!;
    expect([seen.method, seen.type]).toEqual(['PUT', 'image/jpeg']);
    expect([...seen.bytes]).toEqual([...bytes]);
  });

  it('no answer at all is kept for later, with status null', async () => {
    const outcome = await sendItem({ ...item('/x'), url: 'http://127.0.0.1:1/nowhere' });
    expect(outcome.type).toBe('retry');
    expect(outcome.type !== 'sent' && outcome.error.status).toBeNull();
    expect(isKeptForLater(outcome)).toBe(true);
  });
});
