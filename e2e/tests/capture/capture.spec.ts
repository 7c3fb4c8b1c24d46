// Event capture on a phone-sized screen, against the production build, the real server and its
// database: a rep captures twenty people offline by keyboard, reloads, comes back online and every capture
// reaches the database once; duplicates merge; a rep is refused admin data; signing out with captures
// waiting warns, exports and keeps them; and the screen passes axe-core.
import fs from 'node:fs';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { CapturePage } from '../../pages/admin/capture-page';
import { LoginPage } from '../../pages/login-page';
import { addUser } from '../../support/cli';
import { signIn, uniqueTag } from '../admin/support/admin-test';
import { expectNoSeriousViolations } from '../admin/support/screens';
import { closeCaptureDb, leadsAtEvent } from './support/capture-db';

/** The service worker of the build serves the capture screen offline: the offline test reloads truly offline. */
const SERVICE_WORKER = 'dist/client/sw.js';
const SEPARATOR = '\n\n---\n\n';
const PASSWORD = 'e2e-rep-password';

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
test.afterAll(closeCaptureDb);

interface Rep {
  email: string;
  password: string;
  name: string;
}

function newRep(): Rep {
  const rep = { email: `${uniqueTag('rep')}@example.com`, password: PASSWORD, name: 'Rita Rep' };
  addUser(rep.email, rep.password, 'rep', rep.name);
  return rep;
}

/** Signs the rep in, opens the capture screen and sets a fresh event. */
async function startCapturing(page: Page, rep: Rep): Promise<{ capture: CapturePage; event: string }> {
  await signIn(page.request, rep);
  const capture = new CapturePage(page);
  await capture.goto();
  const event = `Expo ${uniqueTag('')}`;
  await capture.eventName.fill(event);
  await capture.startCapturing.click();
  await expect(capture.firstName).toBeFocused();
  return { capture, event };
}

/** Types one person by keyboard only, Tab between fields, Enter to save; resolves after the form is ready again. */
async function captureByKeyboard(page: Page, capture: CapturePage, p: { first: string; last: string; email: string; company?: string; phone?: string }): Promise<void> {
  await page.keyboard.type(p.first);
  await page.keyboard.press('Tab');
  await page.keyboard.type(p.last);
  await page.keyboard.press('Tab');
  await page.keyboard.type(p.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(p.company ?? '');
  // The phone is under "More details", which stays open from one person to the next once opened.
  if (p.phone) {
    await capture.openDetails();
    await capture.phone.focus();
    await page.keyboard.type(p.phone);
  }
  await page.keyboard.press('Enter');
  await expect(capture.firstName).toHaveValue('');
  await expect(capture.firstName).toBeFocused();
  for (const field of [capture.lastName, capture.email, capture.company, capture.phone]) await expect(field).toHaveValue('');
}

/** Makes every capture request fail as a dead network would, while the page itself can load. */
async function failCaptureRequests(page: Page): Promise<() => Promise<void>> {
  const pattern = '**/api/capture/leads';
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(pattern);
}

test.describe('offline capture', () => {
  test.use({ serviceWorkers: 'allow' });
  test.beforeAll(() => {
    // Without the service worker the page cannot be reloaded offline at all: fail rather than test less.
    if (!fs.existsSync(SERVICE_WORKER)) throw new Error(`${SERVICE_WORKER} is missing: the offline capture test needs the PWA build (npm run build)`);
  });

  test('twenty people offline by keyboard - each saved with the form cleared and focus back; listed waiting after a reload; all stored with event, rep and source once online', async ({ page, context }) => {
    test.setTimeout(180_000);
    const rep = newRep();
    const { capture, event } = await startCapturing(page, rep);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 15_000 });

    await context.setOffline(true);
    await expect(capture.offlineNote).toBeVisible();
    const people = Array.from({ length: 20 }, (_, i) => ({
      first: `Person${i + 1}`,
      last: `Tester`,
      email: `${event.replace(/\W/g, '').toLowerCase()}-${i + 1}@example.com`,
      company: `Company ${i + 1}`,
      phone: `555 01${String(i).padStart(2, '0')}`,
    }));
    for (const person of people) await captureByKeyboard(page, capture, person);

    await expect(capture.count('captured')).toHaveText('20');
    await expect(capture.count('waiting')).toHaveText('20');
    await expect(capture.count('sent')).toHaveText('0');
    // Newest first.
    await expect(capture.items.first()).toContainText('Person20 Tester');
    await expect(capture.items.last()).toContainText('Person1 Tester');

    await page.reload();
    await expect(capture.itemsIn('waiting')).toHaveCount(20);
    await expect(capture.count('waiting')).toHaveText('20');
    expect(await leadsAtEvent(event)).toEqual([]);

    await context.setOffline(false);
    await expect(capture.count('sent')).toHaveText('20', { timeout: 20_000 });
    await expect(capture.itemsIn('sent')).toHaveCount(20);
    await expect(capture.count('waiting')).toHaveText('0');

    const rows = await leadsAtEvent(event);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.email))).toEqual(new Set(people.map((p) => p.email)));
    for (const row of rows) {
      expect(row).toMatchObject({ event_name: event, source: `Event: ${event}`, lead_source: 'DirectMailers Website', captured_by_email: rep.email });
    }
  });
});

test('a capture online - saved on the device (listed, and still listed after a reload) before the server has answered; then sent once', async ({ page }) => {
  test.setTimeout(90_000); // a reload and a held request on a busy 2-core machine
  const rep = newRep();
  const { capture, event } = await startCapturing(page, rep);
  const email = `${uniqueTag('held')}@example.com`;
  // Every capture request is held until the page has shown the capture as saved.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered = 0;
  await page.route('**/api/capture/leads', async (route) => {
    await released;
    try {
      await route.fulfill({ response: await route.fetch() });
      answered++;
    } catch {
      // A request of the page before the reload: it never reached the server.
    }
  });

  await captureByKeyboard(page, capture, { first: 'Held', last: 'Tester', email });
  await expect(capture.item(email)).toHaveAttribute('data-state', 'waiting');
  await page.reload();
  await expect(capture.item(email)).toHaveAttribute('data-state', 'waiting');
  await expect(capture.count('captured')).toHaveText('1');
  expect(answered).toBe(0);
  expect(await leadsAtEvent(event)).toEqual([]);

  release();
  await expect(capture.item(email)).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
  expect((await leadsAtEvent(event)).map((r) => r.email)).toEqual([email]);
});

test('the same e-mail twice at one event - one lead with both notes, the second shown as merged', async ({ page }) => {
  const rep = newRep();
  const { capture, event } = await startCapturing(page, rep);
  const email = `${uniqueTag('dup')}@example.com`;

  await capture.firstName.fill('Dana');
  await capture.lastName.fill('Duplicate');
  await capture.email.fill(email);
  await capture.openDetails();
  await capture.notes.fill('Met at booth 12');
  await capture.save.click();
  await expect(capture.item(email)).toHaveAttribute('data-state', 'sent');

  await capture.firstName.fill('Dana');
  await capture.lastName.fill('Duplicate');
  await capture.email.fill(email.toUpperCase());
  await capture.company.fill('Dup Co');
  await capture.notes.fill('Wants pricing for 50k pieces');
  await capture.notes.press('Control+Enter');
  await expect(capture.itemsIn('sent')).toHaveCount(2);
  await expect(capture.items.first()).toContainText("Added to this person's earlier capture");

  const rows = await leadsAtEvent(event);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.message).toBe(`Met at booth 12${SEPARATOR}Wants pricing for 50k pieces`);
});

test('Save tapped twice on one person - kept once; the next person typed at once and saved - kept too', async ({ page }) => {
  const rep = newRep();
  const { capture, event } = await startCapturing(page, rep);
  const restore = await failCaptureRequests(page);
  const first = `${uniqueTag('tap')}@example.com`;
  const next = `${uniqueTag('next')}@example.com`;
  await capture.firstName.fill('Double');
  await capture.lastName.fill('Tap');
  await capture.email.fill(first);
  await capture.save.dblclick();
  await expect(capture.firstName).toHaveValue('');
  // No check of the empty form is shown for the second tap: it fell on the person being stored.
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await capture.firstName.fill('Quick');
  await capture.lastName.fill('Next');
  await capture.email.fill(next);
  await capture.save.click();
  await expect(capture.item(next)).toBeVisible();
  await expect(capture.items).toHaveCount(2);
  await restore();
  await expect(capture.item(first)).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
  await expect(capture.item(next)).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
  expect((await leadsAtEvent(event)).map((r) => r.email).sort()).toEqual([first, next].sort());
});

/**
 * Makes the device's stores slow, as an old phone's IndexedDB is: while `slow(ms)` is on, every transaction's
 * completion reaches the page `ms` later. Registered before the page loads.
 */
async function slowDeviceStores(page: Page): Promise<(ms: number) => Promise<void>> {
  await page.addInitScript(() => {
    const add = IDBTransaction.prototype.addEventListener;
    IDBTransaction.prototype.addEventListener = function (this: IDBTransaction, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
      const delay = (window as { slowStoresMs?: number }).slowStoresMs ?? 0;
      if (type !== 'complete' || !delay || typeof listener !== 'function') return add.call(this, type, listener, options);
      return add.call(this, type, (event: Event) => setTimeout(() => listener.call(this, event), delay), options);
    } as typeof IDBTransaction.prototype.addEventListener;
  });
  return (ms) => page.evaluate((delay) => void ((window as { slowStoresMs?: number }).slowStoresMs = delay), ms);
}

test('the next person typed while a slow phone still stores the last - kept, even with the same names', async ({ page }) => {
  const slow = await slowDeviceStores(page);
  const rep = newRep();
  const { capture, event } = await startCapturing(page, rep);
  const first = `${uniqueTag('same1')}@example.com`;
  const next = `${uniqueTag('same2')}@example.com`;
  await capture.firstName.fill('Sam');
  await capture.lastName.fill('Same');
  await capture.email.fill(first);
  await slow(1500);
  await capture.save.click();
  // Typed over what the form still shows while the first is stored: the names are the same, so nothing changes
  // but the e-mail; all three belong to the next person all the same.
  await capture.firstName.fill('Sam');
  await capture.lastName.fill('Same');
  await capture.email.fill(next);
  await expect(capture.item(first)).toBeVisible();
  await slow(0);
  await expect(capture.firstName).toHaveValue('Sam');
  await expect(capture.lastName).toHaveValue('Same');
  await expect(capture.email).toHaveValue(next);
  await capture.save.click();
  await expect(capture.item(next)).toBeVisible();
  await expect(page.getByText('First name is required')).toHaveCount(0);
  await expect(capture.item(next)).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
  await expect(capture.item(first)).toHaveAttribute('data-state', 'sent', { timeout: 15_000 });
  expect((await leadsAtEvent(event)).map((r) => r.email).sort()).toEqual([first, next].sort());
});

test('a rep - admin endpoints answer 403, admin screens point to the capture screen, the nav shows their leads, capture and their own devices only', async ({ page }) => {
  const rep = newRep();
  await signIn(page.request, rep);
  for (const path of ['/api/admin/leads.csv', '/api/admin/stats', '/api/admin/events', '/api/admin/print-samples', '/api/admin/pricing/products', '/api/admin/users', '/api/admin/staff-audit']) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  // A rep works the leads they own (issue #31): the list answers, narrowed to theirs, and a new rep owns none.
  const leads = await page.request.get('/api/admin/leads');
  expect(leads.status()).toBe(200);
  expect(await leads.json()).toEqual([]);
  const capture = new CapturePage(page);
  // Their own desk (the lead dashboard, narrowed to their leads) and capture; every other screen is the admins'.
  await page.goto('/admin/samples');
  await expect(capture.notAdminNotice).toBeVisible();
  const links = capture.nav.getByRole('link');
  await expect(links).toHaveCount(2);
  expect(await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual(['/admin', '/admin/capture']);
  await capture.accountMenu.click();
  await expect(page.getByRole('menuitem')).toHaveText(['Notifications', 'Your Devices']);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Go to Event Capture' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/admin/capture');
  await expect(capture.eventName).toBeVisible();
});

test('a rep signing in - lands on the capture screen', async ({ page }) => {
  const rep = newRep();
  await page.goto('/api/login');
  await new LoginPage(page).signIn(rep.email, rep.password);
  await expect(page).toHaveURL((url) => url.pathname === '/admin/capture');
});

test('signing out with captures waiting - warns, exports every capture as CSV, keeps them, and they are sent after signing in again', async ({ page, context }) => {
  const rep = newRep();
  const { capture, event } = await startCapturing(page, rep);
  const tag = uniqueTag('out');
  await context.setOffline(true);
  const people = [
    { first: 'Olga', last: 'Offline', email: `${tag}-1@example.com`, company: 'Quote "Q" Co, Ltd' },
    { first: 'Omar', last: 'Offline', email: `${tag}-2@example.com` },
    { first: 'Oona', last: 'Offline', email: `${tag}-3@example.com`, phone: '+1 555 0100' },
  ];
  for (const person of people) await captureByKeyboard(page, capture, person);
  await expect(capture.count('waiting')).toHaveText('3');

  // Back on a network that still fails the capture requests, so they keep waiting while the rep signs out.
  const restore = await failCaptureRequests(page);
  await context.setOffline(false);
  await capture.signOut.click();
  // The dialog element is a zero-size wrapper around its fixed panel: check what it shows.
  await expect(capture.signOutDialog.getByRole('heading', { name: 'Captures not sent yet' })).toBeVisible();
  await expect(capture.signOutDialog).toContainText('3 captures have not reached the server yet');
  expect(page.url()).toContain('/admin/capture');

  const download = page.waitForEvent('download');
  await capture.signOutDialog.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^captures-\d{4}-\d\d-\d\d\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
  const rows = csv.trimEnd().split('\r\n').map((line) => line.slice(1, -1).split('","'));
  expect(rows[0]).toEqual(['Captured at', 'Event', 'First name', 'Last name', 'Email', 'Company', 'Phone', 'Industry', 'Volume', 'Notes', 'State', 'Reason', 'Lead ID', 'Rating', 'Interests', 'Follow-up', 'Consent', 'Photo']);
  expect(rows.slice(1).map((r) => [r[1], r[2], r[4], r[5], r[6], r[10]])).toEqual([
    [event, 'Olga', people[0]!.email, 'Quote ""Q"" Co, Ltd', '', 'waiting'],
    [event, 'Omar', people[1]!.email, '', '', 'waiting'],
    [event, 'Oona', people[2]!.email, '', "'+1 555 0100", 'waiting'],
  ]);

  await capture.signOutDialog.getByRole('button', { name: 'Sign out anyway' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect(await leadsAtEvent(event)).toEqual([]);

  // The network is back for real; the same rep signs in again on this device.
  await restore();
  await page.goto('/api/login');
  await new LoginPage(page).signIn(rep.email, rep.password);
  await expect(page).toHaveURL((url) => url.pathname === '/admin/capture');
  await expect(capture.count('sent')).toHaveText('3', { timeout: 15_000 });
  const stored = await leadsAtEvent(event);
  expect(stored.map((r) => r.email).sort()).toEqual(people.map((p) => p.email).sort());
  expect(stored.every((r) => r.captured_by_email === rep.email)).toBe(true);
});

test('signing out with everything sent - no warning', async ({ page }) => {
  const rep = newRep();
  const { capture } = await startCapturing(page, rep);
  await captureByKeyboard(page, capture, { first: 'Sam', last: 'Sent', email: `${uniqueTag('sent')}@example.com` });
  await expect(capture.count('sent')).toHaveText('1');
  await capture.signOut.click();
  await page.waitForURL((url) => url.pathname === '/');
});

test('invalid entries - errors under their fields, focus on the first, nothing saved', async ({ page }) => {
  const rep = newRep();
  const { capture } = await startCapturing(page, rep);
  await capture.email.fill('not-an-email');
  await capture.save.click();
  await expect(capture.firstName).toHaveAccessibleDescription('First name is required');
  await expect(capture.lastName).toHaveAccessibleDescription('Last name is required');
  await expect(capture.email).toHaveAccessibleDescription('Please enter a valid email');
  await expect(capture.firstName).toBeFocused();
  await expect(capture.email).toHaveValue('not-an-email');
  await expect(capture.count('captured')).toHaveText('0');
});

test('capture screen - axe-core finds no serious or critical violation (form with errors, list, offline, sign-out dialog)', async ({ page, context }) => {
  const rep = newRep();
  await signIn(page.request, rep);
  const capture = new CapturePage(page);
  await capture.goto();
  await expect(capture.eventName).toBeVisible();
  await expectNoSeriousViolations(page);

  await capture.eventName.fill(`Expo ${uniqueTag('')}`);
  await capture.startCapturing.click();
  await captureByKeyboard(page, capture, { first: 'Axe', last: 'Online', email: `${uniqueTag('axe')}@example.com` });
  await expect(capture.itemsIn('sent')).toHaveCount(1);
  await context.setOffline(true);
  await captureByKeyboard(page, capture, { first: 'Axe', last: 'Offline', email: `${uniqueTag('axe')}@example.com` });
  await capture.save.click(); // empty: errors under the fields
  await expect(capture.firstName).toHaveAttribute('aria-invalid', 'true');
  await expect(capture.offlineNote).toBeVisible();
  await expectNoSeriousViolations(page);
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: 'test-results/screenshots/capture-390.png', fullPage: true, animations: 'disabled' });

  await capture.signOut.click();
  await expect(capture.signOutDialog.getByRole('button', { name: 'Sign out anyway' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: 'test-results/screenshots/capture-sign-out-390.png', animations: 'disabled' });
});
