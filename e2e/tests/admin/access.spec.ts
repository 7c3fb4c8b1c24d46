// Who may see the admin: signed out → the Unauthorized toast and, 500 ms later, /api/login;
// a session ended elsewhere mid-visit (the server answers the next call 401) → the same; a rep → a notice,
// not broken screens.
import { request, type Browser, type Page } from '@playwright/test';
import { AdminShell } from '../../pages/admin/admin-shell';
import { DashboardPage } from '../../pages/admin/dashboard-page';
import { PricingPage } from '../../pages/admin/pricing-page';
import { addUser } from '../../support/cli';
import { expect, signIn, test, uniqueTag, type Account } from './support/admin-test';
import { recordToasts } from './support/toast-recorder';
import { withoutLiveStream } from './support/live-stream';

const TITLED = { title: 'Unauthorized', description: 'You are logged out. Logging in again...', type: 'error' };
const INLINE = { title: 'Unauthorized: You are logged out. Logging in again...', description: null, type: 'error' };

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
    // The answer arrives with its status line (responseStart): fetch resolves there and the app's 500 ms start;
    // the body's last byte (responseEnd) can come a frame later on a busy machine (484 ms measured once).
    .then((req) => req.timing().startTime + req.timing().responseStart);
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
    { path: '/admin/team', wording: TITLED },
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
      // Back to the screen the person opened once signed in.
      expect(await trip.redirect).toEqual({ status: 302, location: `/login?next=${path}` });
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === path);

      expect(toasts).toEqual([wording]);
      // The 500 ms wait runs from the moment the 401 answer arrived.
      expect((await navigationStart(page)) - (await answeredAt)).toBeGreaterThanOrEqual(500);
      expect(adminCalls).toEqual([]); // nothing is fetched for a visitor who is not signed in
    });
  }
});

/**
 * A browser of its own signed in as this worker's admin (so ending its session leaves the other tests' session
 * alone), and a way to end that session for real: a sign-out from elsewhere with the same cookie, as another
 * tab or device would, after which the server answers this browser's next call 401.
 */
async function ownSession(browser: Browser, account: Account) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  // Without the live stream: with it, a lead any other test stores reaches this page after the sign-out
  // elsewhere and its stats read meets the 401 first, before the request each test is about.
  await withoutLiveStream(page);
  await signIn(page.request, account);
  const endElsewhere = async () => {
    const elsewhere = await request.newContext({ baseURL: test.info().project.use.baseURL, storageState: await context.storageState() });
    const out = await elsewhere.get('/api/logout', { maxRedirects: 0 });
    expect(out.status()).toBe(302);
    expect((await elsewhere.get('/api/auth/user')).status()).toBe(401);
    await elsewhere.dispose();
  };
  return { context, page, endElsewhere };
}

test('session ended elsewhere, then a pricing write - one-line Unauthorized toast and on to the sign-in page', async ({ browser, adminAccount }) => {
  const { context, page, endElsewhere } = await ownSession(browser, adminAccount);
  const toasts = await recordToasts(page);
  const pricing = new PricingPage(page);
  await pricing.goto();
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  await endElsewhere();
  const trip = watchLoginTrip(page);
  const refused = page.waitForResponse((res) => /\/api\/admin\/pricing\/products\/\d+\/visibility$/.test(new URL(res.url()).pathname));

  await first.getByRole('button', { name: /^(Hide|Show) product / }).click();
  expect((await refused).status()).toBe(401);
  expect(await trip.redirect).toEqual({ status: 302, location: '/login?next=/admin/pricing' });
  await page.waitForURL((url) => url.pathname === '/login');
  expect(toasts).toEqual([INLINE]); // and not 'Failed to update visibility'
  await context.close();
});

test('session ended elsewhere, then a dashboard read - titled Unauthorized toast and on to the sign-in page', async ({ browser, adminAccount }) => {
  const { context, page, endElsewhere } = await ownSession(browser, adminAccount);
  const toasts = await recordToasts(page);
  const dashboard = new DashboardPage(page);
  await dashboard.goto();
  await expect(dashboard.stat('Total Leads')).not.toHaveText('…', { timeout: 15_000 });
  await endElsewhere();
  const trip = watchLoginTrip(page);
  const refused = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/admin/leads');

  await dashboard.searchBox.fill(uniqueTag('after-logout'));
  expect((await refused).status()).toBe(401);
  expect(await trip.redirect).toEqual({ status: 302, location: '/login?next=/admin' });
  await page.waitForURL((url) => url.pathname === '/login');
  expect(toasts).toEqual([TITLED]);
  await context.close();
});

test.describe('a rep', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('rep account - "This area is for admins" on every admin-only screen and no admin data requested; the desk lists their own leads only', async ({ page }) => {
    const rep = { email: `${uniqueTag('rep')}@example.com`, password: 'e2e-rep-password' };
    addUser(rep.email, rep.password, 'rep', 'Rita Rep');
    await signIn(page.request, rep);
    const adminCalls: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      // The live stream is open to reps: it carries only their own captures and leads (api/src/modules/live/live.test.ts).
      if (path.startsWith('/api/admin/') && path !== '/api/admin/live') adminCalls.push(req.url());
    });

    // The desk (issue #31) asks for the leads alone, which the server narrows to the rep's own (lead-owner.spec.ts).
    const shell = new AdminShell(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Recent Leads' })).toBeVisible();
    await expect(shell.notAdminNotice).toHaveCount(0);
    await expect.poll(() => adminCalls.map((url) => new URL(url).pathname)).toEqual(['/api/admin/leads']);
    adminCalls.length = 0;
    for (const path of ['/admin/samples', '/admin/pricing', '/admin/team', '/admin/privacy']) {
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
