// GET /api/admin/staff-audit: newest first, filtered by action and by who acted, paged with Link: rel="next".
import { beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { as } from '../../testing/team';
import { recordStaffAction } from '../staff-audit';

describe.each(ENGINES)('staff audit log route on %s', (engine) => {
  const app = useTestApp(engine);
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
    const clock = () => new Date('2026-11-25T10:00:00.000Z');
    for (let i = 1; i <= 5; i++) {
      await recordStaffAction(app.db, clock, { actor: { id: admin.user.id, name: 'Ada Admin' }, action: 'user.invite', subject: `user:${100 + i}`, details: { n: i } });
    }
    await recordStaffAction(app.db, clock, { actor: { id: 999, name: 'Other Admin' }, action: 'user.deactivate', subject: 'user:200', details: {} });
    await recordStaffAction(app.db, clock, { actor: null, action: 'retention.run', subject: null, details: { leads: 2 } });
  });

  it('no filter - every line newest first, with who, when and what', async () => {
    const res = await as(app, admin, 'GET', '/api/admin/staff-audit');
    expect(res.status).toBe(200);
    expect(res.json.map((l: { action: string }) => l.action)).toEqual(['retention.run', 'user.deactivate', 'user.invite', 'user.invite', 'user.invite', 'user.invite', 'user.invite']);
    expect(res.json[1]).toEqual({ id: expect.any(Number), actorUserId: 999, actorName: 'Other Admin', action: 'user.deactivate', subject: 'user:200', details: {}, createdAt: '2026-11-25T10:00:00.000Z' });
  });

  it('filtered by action and by who - only those lines; both together - both apply', async () => {
    const byAction = await as(app, admin, 'GET', '/api/admin/staff-audit?action=user.deactivate');
    expect(byAction.json.map((l: { subject: string }) => l.subject)).toEqual(['user:200']);
    const byActor = await as(app, admin, 'GET', `/api/admin/staff-audit?actor=${admin.user.id}`);
    expect(byActor.json).toHaveLength(5);
    const both = await as(app, admin, 'GET', '/api/admin/staff-audit?actor=999&action=user.invite');
    expect(both.json).toEqual([]);
  });

  it('a full page - Link to the next with the filters kept; the last page has none', async () => {
    const first = await as(app, admin, 'GET', `/api/admin/staff-audit?limit=3&action=user.invite&actor=${admin.user.id}`);
    expect(first.json.map((l: { details: { n: number } }) => l.details.n)).toEqual([5, 4, 3]);
    const link = first.headers.get('link')!;
    expect(link).toBe(`</api/admin/staff-audit?limit=3&action=user.invite&actor=${admin.user.id}&before=${first.json[2].id}>; rel="next"`);
    const next = await as(app, admin, 'GET', /<([^>]+)>/.exec(link)![1]!);
    expect(next.json.map((l: { details: { n: number } }) => l.details.n)).toEqual([2, 1]);
    expect(next.headers.get('link')).toBeNull();
  });

  it('bad filters - 400 with a message per field, never 500', async () => {
    const res = await as(app, admin, 'GET', '/api/admin/staff-audit?action=user.nope&actor=abc&limit=0&before=-1');
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ action: 'Unknown action', actor: 'actor must be a user id', limit: 'limit must be 1 to 500', before: 'before must be an entry id' });
  });
});
