// Scanning badges on the capture screen at a phone's size, with Chromium's fake camera showing a
// QR code made in this file from a vCard: read offline with the reader the service worker precached (no
// request leaves our origin), the fields fill, Save; online, one lead with the parsed fields, and the raw
// payload went with the capture. A second scan of the same badge says it was captured already and merges.
// Timing figures are printed, not asserted. (A refused camera: scan-refused.spec.ts, another browser.)
import { expect, request, test, type Page } from '@playwright/test';
import { E2E_PORT } from '../../../playwright.config';
import { addUser } from '../../support/cli';
import { signIn, uniqueTag } from '../admin/support/admin-test';
import { writeQrCameraFile } from './support/fake-camera';
import { headlessChromium } from '../../support/chromium';
import { startCapturing } from './support/scan-test';
import { OUTBOX_DB_NAME } from '../../../web/src/lib/cache-names';

// One badge per run (the e2e database lives as long as the run): its e-mail is unique to this file's load.
const TAG = uniqueTag('badge');
const BADGE = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `${TAG}@example.com`,
  company: 'Analytical Engines',
  phone: '+1 555 0100',
};
const VCARD = ['BEGIN:VCARD', 'VERSION:3.0', `N:${BADGE.lastName};${BADGE.firstName};;;`, `FN:${BADGE.firstName} ${BADGE.lastName}`, `ORG:${BADGE.company}`, `EMAIL;TYPE=INTERNET:${BADGE.email}`, `TEL;TYPE=WORK:${BADGE.phone}`, 'END:VCARD'].join('\r\n');
// Written when this file loads, before the worker launches its browser with it.
const CAMERA_FILE = writeQrCameraFile(`test-results/e2e-${E2E_PORT}/fake-camera/${TAG}.y4m`, VCARD);

test.use({
  viewport: { width: 390, height: 844 },
  serviceWorkers: 'allow',
  launchOptions: headlessChromium('--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${CAMERA_FILE}`),
});

/** The capture bodies in this device's outbox (its IndexedDB database), as they will be sent. */
function outboxBodies(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (dbName) =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('items').objectStore('items').getAll();
          read.onsuccess = () => resolve((read.result as { kind: string; body: Record<string, unknown> }[]).filter((i) => i.kind === 'capture').map((i) => i.body));
          read.onerror = () => reject(read.error);
        };
      }),
    OUTBOX_DB_NAME,
  );
}

async function scanMarks(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('dm-scan-')).map((m) => [m.name, m.startTime])));
}

test.describe('with a camera showing a vCard badge', () => {
  test('scan offline - fields fill from the vCard with nothing fetched off-site, Save; a second scan says already captured; online: one merged lead with the fields, the raw vCard sent with the capture', async ({ page, context }, testInfo) => {
    test.setTimeout(180_000);
    const { capture, event } = await startCapturing(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
    const offOrigin: string[] = [];
    context.on('request', (r) => {
      if (!r.url().startsWith(`http://127.0.0.1:${E2E_PORT}/`) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) offOrigin.push(r.url());
    });
    const sentBodies: Record<string, unknown>[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/capture/leads') sentBodies.push(r.postDataJSON() as Record<string, unknown>);
    });

    await context.setOffline(true);
    await capture.scan.click();
    await expect(capture.email).toHaveValue(BADGE.email, { timeout: 30_000 });
    await expect(capture.scanDialog).toBeHidden();
    await expect(capture.firstName).toHaveValue(BADGE.firstName);
    await expect(capture.lastName).toHaveValue(BADGE.lastName);
    await expect(capture.company).toHaveValue(BADGE.company);
    await expect(capture.phone).toHaveValue(BADGE.phone);
    // "More details" stays closed, so the names and Save stay in view; its summary counts the filled phone.
    await expect(capture.moreDetails).toContainText('1 filled');
    await expect(capture.scanNote).toContainText('Badge read: filled First name, Last name, Email, Company, Phone.');
    await expect(capture.scanNote).not.toContainText('Already captured');
    // Everything the badge gave is in: Save is next.
    await expect(capture.save).toBeFocused();
    const marks = await scanMarks(page);
    await page.screenshot({ path: testInfo.outputPath('scan-filled-390.png'), animations: 'disabled' });

    await capture.save.click();
    await expect(capture.firstName).toHaveValue('');
    await expect(capture.scan).toBeFocused(); // a scanned capture: the next one starts with Scan
    await expect(capture.scanNote).toBeHidden();
    const [body] = await outboxBodies(page);
    expect(body).toMatchObject({ eventName: event, ...BADGE, scanPayload: VCARD, scanFormat: 'qr_code' });

    // The same badge again, still offline: the device knows it was captured at this event.
    await page.keyboard.press('Enter');
    await expect(capture.email).toHaveValue(BADGE.email, { timeout: 30_000 });
    await expect(capture.scanNote).toContainText('Already captured at this event — saving will add to it.');
    await capture.openDetails();
    await capture.notes.fill('Second visit: wants letters');
    await capture.save.click();
    await expect(capture.count('waiting')).toHaveText('2');
    expect(offOrigin, 'nothing is fetched from another origin (the reader and its .wasm are ours)').toEqual([]);

    await context.setOffline(false);
    await expect(capture.count('sent')).toHaveText('2', { timeout: 30_000 });
    // The capture requests carried the raw badge text and its format. (A request the page makes through the
    // service worker is seen twice, from the page and from the worker: count them as at least two.)
    expect(sentBodies.length).toBeGreaterThanOrEqual(2);
    for (const body of sentBodies) expect(body).toMatchObject({ scanPayload: VCARD, scanFormat: 'qr_code' });

    // Staff see one lead with the parsed fields.
    const admin = { email: `${uniqueTag('scanadmin')}@example.com`, password: 'e2e-admin-password' };
    addUser(admin.email, admin.password, 'admin', 'Scan Admin');
    const staff = await request.newContext({ baseURL: `http://127.0.0.1:${E2E_PORT}` });
    await signIn(staff, admin);
    const leads = (await (await staff.get(`/api/admin/leads?q=${encodeURIComponent(BADGE.email)}`)).json()) as Record<string, unknown>[];
    await staff.dispose();
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ ...BADGE, eventName: event });

    const figures = {
      'code in view → fields filled (ms)': Math.round(marks['dm-scan-filled']! - marks['dm-scan-camera-showing']!),
      'code in view → code read (ms)': Math.round(marks['dm-scan-code-read']! - marks['dm-scan-camera-showing']!),
      'Scan pressed → fields filled, first scan offline, reader loaded from the service worker (ms)': Math.round(marks['dm-scan-filled']! - marks['dm-scan-start']!),
    };
    console.log(`\nScan timing (fake camera, 390 px)\n${JSON.stringify(figures, null, 2)}\n`);
    await testInfo.attach('scan-timing.json', { body: JSON.stringify(figures, null, 2), contentType: 'application/json' });
  });

  test('the first screen at 390×844 offline with a capture waiting - one offline message, no floating pill over a field; Scan, Photo, name, e-mail, company, rating, consent and Save in view', async ({ page, context }, testInfo) => {
    const { capture } = await startCapturing(page);
    await context.setOffline(true);
    await capture.firstName.fill('Wes');
    await capture.lastName.fill('Waiting');
    await capture.email.fill(`${uniqueTag('wait')}@example.com`);
    await capture.save.click();
    await expect(capture.glance).toHaveText(/1 captured · 1 waiting · 0 sent/);

    await expect(capture.offlineNote).toBeVisible();
    await expect(page.getByTestId('offline-banner'), "the admin's \"changes can't be saved\" banner is not shown here").toBeHidden();
    await expect(page.getByText("changes can't be saved")).toHaveCount(0);
    await expect(page.getByTestId('outbox-indicator')).toHaveCount(0);

    const fold = 844;
    await page.evaluate(() => window.scrollTo(0, 0));
    const firstScreen = {
      scan: capture.scan,
      photo: capture.form.getByRole('button', { name: 'Photo' }),
      firstName: capture.firstName,
      lastName: capture.lastName,
      email: capture.email,
      company: capture.company,
      rating: capture.form.getByRole('radio', { name: 'Cold' }),
      consent: capture.form.getByRole('checkbox', { name: /may contact me/ }),
      save: capture.save,
    };
    for (const [name, locator] of Object.entries(firstScreen)) {
      const box = (await locator.boundingBox())!;
      expect(box.y + box.height, `${name} is within the first screen`).toBeLessThanOrEqual(fold);
    }
    // Nothing lies on top of any field, "More details" open or closed.
    await capture.openDetails();
    for (const field of [capture.firstName, capture.lastName, capture.email, capture.company, capture.phone, capture.industry, capture.volume, capture.notes]) {
      await field.scrollIntoViewIfNeeded();
      const uncovered = await field.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const points = [
          [r.left + 4, r.top + 4],
          [r.right - 4, r.bottom - 4],
          [r.left + r.width / 2, r.top + r.height / 2],
        ];
        return points.every(([x, y]) => {
          const hit = document.elementFromPoint(x!, y!);
          return hit === el || el.contains(hit);
        });
      });
      expect(uncovered, `${await field.getAttribute('name')} is not covered`).toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: testInfo.outputPath('capture-first-screen-390.png'), animations: 'disabled' });
  });
});
