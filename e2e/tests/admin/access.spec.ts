// Who may see the admin: signed out → the Unauthorized toast and, 500 ms later, /api/login;
// a session lost mid-visit (a 401 from any call) → the same; a rep → a notice, not broken screens.
import type { Page } from '@playwright/test';
import { AdminShell } from '../../pages/admin/admin-shell';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { PricingPage } from '../../pages/admin/pricing-page';
import { addUser } from '../../support/cli';
import { expect, signIn, test, uniqueTag } from './support/admin-test';
import { recordToasts } from './support/toast-recorder';

const TITLED = { title: 'Unauthorized', description: 'You are logged out. Logging in again...', type: 'error' };
const INLINE = { title: 'Unauthorized: You are logged out. Logging in again...', description: null, type: 'error' };
const UNAUTHORIZED_401 = { status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' };

/** Where the server sent the browser on from /api/login. */
function watchLoginTrip(page: Page) {
  const isLogin = (url: string) => new URL(url).pathname === '/api/login';
  return {
    redirect: page.waitForResponse((res) => isLogin(res.url())).then((res) => ({ status: res.status(), location: res.headers().location })),
  };
}

/** When the /api/auth/user answer reached the browser, by the browser's clock (ms since the epoch). */
function watchUserAnswer(page: Page): Promise<number> {
  return page
    .waitForEvent('requestfinished', (req) => new URL(req.url()).pathname === '/api/auth/user')
    .then((req) => req.timing().startTime + req.timing().responseEnd);
}

/** The page the browser landed on has its time origin at the start of the navigation that brought it there. */
function navigationStart(page: Page): Promise<number> {
  return page.evaluate(() => performance.timeOrigin);
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  for (const { path, wording } of [
    { path: '/admin', wording: TITLED },
    { path: '/admin/samples', wording: TITLED },
    { path: '/admin/pricing', wording: INLINE },
  ]) {
    test(`${path} signed out - Unauthorized toast, then /api/login after 500 ms and on to the sign-in page`, async ({ page }) => {
      const toasts = await recordToasts(page);
      const trip = watchLoginTrip(page);
      const answeredAt = watchUserAnswer(page);
      const adminCalls: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname.startsWith('/api/admin/')) adminCalls.push(req.url());
      });

      await page.goto(path);
      expect(await trip.redirect).toEqual({ status: 302, location: '/login?next=/admin' });
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/admin');

      expect(toasts).toEqual([wording]);
      // The 500 ms wait runs from the moment the 401 answer arrived.
      expect((await navigationStart(page)) - (await answeredAt)).toBeGreaterThanOrEqual(500);
      expect(adminCalls).toEqual([]); // nothing is fetched for a visitor who is not signed in
    });
  }
});

test('session lost on a pricing write - one-line Unauthorized toast and the trip to /api/login', async ({ page }) => {
  const toasts = await recordToasts(page);
  const pricing = new PricingPage(page);
  await pricing.goto();
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  await page.route('**/api/admin/pricing/products/*/visibility', (route) => route.fulfill(UNAUTHORIZED_401));
  const trip = watchLoginTrip(page);

  await first.getByRole('button', { name: /^(Hide|Show) product / }).click();
  // The session is in fact still valid, so the server's /api/login sends the admin straight back.
  expect(await trip.redirect).toEqual({ status: 302, location: '/admin' });
  expect(toasts).toEqual([INLINE]); // and not 'Failed to update visibility'
});

test('session lost on a dashboard read - titled Unauthorized toast and the trip to /api/login', async ({ page }) => {
  const toasts = await recordToasts(page);
  await page.route('**/api/admin/stats', (route) => route.fulfill(UNAUTHORIZED_401));
  const trip = watchLoginTrip(page);

  await new DashboardPage(page).goto();
  expect(await trip.redirect).toEqual({ status: 302, location: '/admin' });
  expect(toasts).toEqual([TITLED]);
});

test.describe('a rep', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('rep account - "This area is for admins" on every screen and no admin data requested', async ({ page }) => {
    const rep = { email: `${uniqueTag('rep')}@example.com`, password: 'e2e-rep-password' };
    addUser(rep.email, rep.password, 'rep', 'Rita Rep');
    await signIn(page.request, rep);
    const adminCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/admin/')) adminCalls.push(req.url());
    });

    const shell = new AdminShell(page);
    for (const path of ['/admin', '/admin/samples', '/admin/pricing', '/admin/privacy']) {
      await page.goto(path);
      await expect(shell.notAdminNotice).toBeVisible();
      await expect(shell.signOut).toBeVisible();
    }
    expect(adminCalls).toEqual([]);
  });
});

test('sign out - goes through /api/logout, ends the session and leaves the admin', async ({ browser, adminAccount }) => {
  // A session of its own: signing out must not end the one the other tests of this worker share.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page.request, adminAccount);
  const shell = new AdminShell(page);
  await page.goto('/admin');
  await expect(page.getByText(adminAccount.email)).toBeVisible();

  const logout = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/logout');
  await shell.signOut.click();
  await logout;
  await page.waitForURL((url) => url.pathname === '/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await context.close();
});
