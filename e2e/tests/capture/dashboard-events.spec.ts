// The lead dashboard and event captures: the event filter lists the events, and captured leads show
// the event and the rep who captured them.
import crypto from 'node:crypto';
import { request as playwrightRequest } from '@playwright/test';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { addUser } from '../../support/cli';
import { expect, signIn, test, uniqueTag } from '../admin/support/admin-test';

test('event filter - shows only that event\'s leads, each with the event and the rep', async ({ page, baseURL }) => {
  const rep = { email: `${uniqueTag('rep')}@example.com`, password: 'e2e-rep-password' };
  addUser(rep.email, rep.password, 'rep', 'Rita Rep');
  // A context of the rep's own: inside a test a new request context starts from the test's storage state,
  // and signing in over the admin's cookie would end the admin's session.
  const repApi = await playwrightRequest.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  await signIn(repApi, rep);
  const event = `Dashboard Expo ${uniqueTag('')}`;
  const tag = uniqueTag('evt');
  for (const n of [1, 2]) {
    const res = await repApi.post('/api/capture/leads', {
      data: { eventName: event, firstName: `Eve${n}`, lastName: 'Event', email: `${tag}-${n}@example.com` },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status()).toBe(201);
  }
  await repApi.dispose();

  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  const filter = page.getByRole('combobox', { name: 'Event' });
  await expect(filter.getByRole('option', { name: `${event} (2)` })).toBeAttached();
  const answered = page.waitForResponse((res) => new URL(res.url()).searchParams.get('event') === event);
  await filter.selectOption(event);
  await answered;
  await expect(dashboard.rows).toHaveCount(2);
  for (const n of [1, 2]) await expect(dashboard.row(`${tag}-${n}@example.com`)).toContainText(`${event} · captured by Rita Rep`);
  await expect(dashboard.exportCsv).toHaveAttribute('href', `/api/admin/leads.csv?event=${encodeURIComponent(event).replace(/%20/g, '+')}`);
});
