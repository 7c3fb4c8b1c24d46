// Several presses of "new link" for one account at the same moment (a double click, two admins): only the newest
// link may work. Each press retires the links it sees and inserts its own; on PostgreSQL invite renewals that
// overlapped each missed the others' new link, and all stayed live (resets already took turns on the password
// they clear; both now take turns on the account's row before retiring). To make the presses meet, the account's live link
// is held by a transaction of another connection (as another process would) while they begin theirs; the
// outcome asserted does not depend on when that hold ends.
import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountLinkIssued } from '../../contract';
import { holdTransaction } from '../../testing/held-transaction';
import { nextTransaction } from '../../testing/query-events';
import { ENGINES, api, useTestApp } from '../../testing/test-app';
import { signInAs, type SignedIn } from '../../testing/sign-in';
import { as, invite, tokenOf } from '../../testing/team';

const PRESSES = 6;

describe.each(ENGINES)('new links pressed at once on %s', (engine) => {
  const app = useTestApp(engine);
  let admin: SignedIn;

  beforeAll(async () => {
    admin = await signInAs(app, 'admin', 'Ada Admin');
  });

  /** Presses `path` PRESSES times at once while the account's live link is held, and answers what each got. */
  async function pressAtOnce(userId: number, path: string): Promise<AccountLinkIssued[]> {
    const hold = await holdTransaction(app.connectAgain(), (trx) =>
      trx('account_links').where({ user_id: userId }).whereNull('used_at').whereNull('replaced_at').update({ replaced_at: null }),
    );
    const begun = nextTransaction(app.db);
    const presses = Array.from({ length: PRESSES }, () => as(app, admin, 'POST', path));
    await begun;
    // Time for every press to reach the held link (on SQLite, its one connection takes them in turn). Ending
    // the hold earlier only makes the meeting less likely, never the assertions below wrong.
    await delay(300);
    await hold.release();
    const answers = await Promise.all(presses);
    expect(answers.map((a) => a.status)).toEqual(Array(PRESSES).fill(200));
    return answers.map((a) => a.json as AccountLinkIssued);
  }

  async function expectOneLiveLink(userId: number, issued: AccountLinkIssued[]) {
    expect(await app.db('account_links').where({ user_id: userId }).whereNull('used_at').whereNull('replaced_at')).toHaveLength(1);
    const checks = await Promise.all(issued.map((i) => api(app.baseUrl, 'GET', `/api/auth/account-link?token=${tokenOf(i)}`)));
    expect(checks.map((c) => c.status).sort()).toEqual([200, ...Array(PRESSES - 1).fill(410)]);
  }

  it(`"new invite link" pressed ${PRESSES} times at once - exactly one link works, the others say they were replaced`, { timeout: 60_000 }, async () => {
    const invited = await invite(app, admin, { name: 'Ivy Invited', email: 'ivy@example.com', role: 'rep' });
    const links = await pressAtOnce(invited.user.id, `/api/admin/users/${invited.user.id}/invite-link`);
    await expectOneLiveLink(invited.user.id, links);
    expect((await api(app.baseUrl, 'GET', `/api/auth/account-link?token=${tokenOf(invited)}`)).status).toBe(410);
  });

  it(`"reset password" pressed ${PRESSES} times at once - exactly one link works`, { timeout: 60_000 }, async () => {
    const rep = await signInAs(app, 'rep', 'Rory Rep');
    const first = await as(app, admin, 'POST', `/api/admin/users/${rep.user.id}/password-reset`);
    expect(first.status).toBe(200);
    const links = await pressAtOnce(rep.user.id, `/api/admin/users/${rep.user.id}/password-reset`);
    await expectOneLiveLink(rep.user.id, links);
  });
});
