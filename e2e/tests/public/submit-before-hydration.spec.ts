// A Submit pressed before the page's script has run is never lost and never sent twice. The rule: until the
// app has hydrated, the browser posts the form itself (it has method="post" and its API route as action) and
// the server answers with the thank-you page; once hydrated, the app sends it. Both orders are tested, a second
// press while the first post is on its way stores nothing more (the post's key is its content), and a
// page whose script never arrives keeps working the same way. Stored once, seen through the admin API.
import type { Page } from '@playwright/test';
import { FILL_TIME_FORM_FIELD, MIN_FILL_MS } from '../../../api/src/contract';
import { LeadFormPage } from '../../pages/lead-form';
import { expect, test, uniqueTag } from '../admin/support/admin-test';
import { leadsWithEmail } from './support/admin-lookup';
import { answeredPosts } from './support/answered-posts';
import { outboxSettled } from '../pwa/support/pwa';
import { HYDRATED_SELECTOR } from '../../../web/src/lib/hydration-mark';

test.use({ reducedMotion: 'reduce' });

/** Holds every script of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue().catch(() => undefined); // the page may have moved on meanwhile
  });
  return release;
}

/** Fills the landing page's form at a person's pace: Submit comes after the minimum fill time from the page's start. */
async function fillInline(page: Page, email: string) {
  const form = LeadFormPage.inline(page);
  await form.firstName.fill('Early');
  await form.lastName.fill('Bird');
  await form.email.fill(email);
  await form.message.fill('Pressed before the script ran');
  await page.waitForFunction((min) => performance.now() > min, MIN_FILL_MS + 100);
  return form;
}

/** The fill time a post carries (the page's boot script stamps it at Submit), or null when it carries none. */
const postedFillTime = (body: string) => {
  const value = new URLSearchParams(body).get(FILL_TIME_FORM_FIELD);
  return value ? Number(value) : null;
};

const notHydrated = (page: Page) => expect(page.locator('html[data-hydrated]'), 'the page is not hydrated yet').toHaveCount(0);

test('submit before hydration - the browser posts it: the thank-you page, stored once', async ({ page }) => {
  const release = await holdScripts(page);
  const email = `${uniqueTag('early')}@example.com`;
  const posts = await answeredPosts(page, '/api/leads');
  await page.goto('/', { waitUntil: 'commit' });
  const form = await fillInline(page, email);
  await notHydrated(page);
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/);
  release();
  await expect(page.getByRole('heading', { name: 'Thank You!', level: 1 })).toBeVisible();
  // The post carries its fill time, as the app's submissions do: the same spam rule and rate limit for both.
  expect(postedFillTime(posts.bodies[0] ?? '')).toBeGreaterThan(MIN_FILL_MS);
  // The thank-you page has hydrated and sends nothing; every post the page sent has its answer.
  await expect(page.locator(HYDRATED_SELECTOR)).toHaveCount(1);
  await posts.settled();
  expect(await leadsWithEmail(page.request, email)).toHaveLength(1);
  expect(await leadsWithEmail(page.request, email, { spam: true })).toHaveLength(0);
});

test('submit before hydration faster than a person fills a form (an autofill, a bot) - the same thank-you page, the lead kept under suspected spam', async ({ page }) => {
  await holdScripts(page);
  const email = `${uniqueTag('fast')}@example.com`;
  await page.goto('/', { waitUntil: 'commit' });
  const form = LeadFormPage.inline(page);
  await form.firstName.fill('Quick');
  await form.lastName.fill('Fill');
  await form.email.fill(email);
  // The field already holds the stamp a Submit 200 ms after the page began would leave (the boot script keeps
  // a stamp it finds), so the post is faster than a person however slowly this machine runs the test.
  await form.submit.evaluate((button) => {
    const field = button.closest('form')!.querySelector<HTMLInputElement>('input[data-fill-time]')!;
    field.value = '200';
  });
  await notHydrated(page);
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/);
  await expect.poll(async () => (await leadsWithEmail(page.request, email, { spam: true })).map((l) => l.spamReason)).toEqual(['fill_time']);
  expect(await leadsWithEmail(page.request, email)).toHaveLength(0);
});

test('Submit pressed again before hydration while the first post is on its way - stored once', async ({ page }) => {
  await holdScripts(page);
  const email = `${uniqueTag('twice')}@example.com`;
  await page.goto('/', { waitUntil: 'commit' });
  const form = await fillInline(page, email);
  await notHydrated(page);
  // The first post is held (up to 3 s, or until a second post arrives), so the second press lands while it
  // is in flight.
  let secondArrived!: () => void;
  const second = new Promise<void>((resolve) => (secondArrived = resolve));
  const posts = await answeredPosts(page, '/api/leads', {
    beforeSend: async (index) => {
      if (index === 0) await Promise.race([second, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      else secondArrived();
    },
  });
  const { bodies } = posts;
  // The second press is a plain mouse press on the same spot: while a navigation is pending, locators wait.
  await form.submit.scrollIntoViewIfNeeded();
  const box = (await form.submit.boundingBox())!;
  await form.submit.click();
  await expect.poll(() => bodies.length).toBe(1);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 20_000 });
  // Chromium drops a form submission identical to one still pending; a browser that sends it again sends the
  // same content, which the server stores once (its key is the content: form-post.test.ts).
  expect(new Set(bodies).size).toBe(1);
  expect(postedFillTime(bodies[0]!)).toBeGreaterThan(MIN_FILL_MS);
  await posts.settled();
  expect(await leadsWithEmail(page.request, email)).toHaveLength(1);
});

test('hydration finishing while the post is on its way - stored once', async ({ page }) => {
  const release = await holdScripts(page);
  const email = `${uniqueTag('race')}@example.com`;
  await page.goto('/', { waitUntil: 'commit' });
  const form = await fillInline(page, email);
  await notHydrated(page);
  // At hydration the app takes over what was typed and loads the form's schema: the sign, seen from outside
  // while the page is busy navigating, that the app ran on the page the post was sent from.
  const hydrated = page.waitForRequest(/\/assets\/lead-schema-[^/]+\.js$/, { timeout: 15_000 }).then(() => true, () => false);
  let hydratedDuringPost = false;
  // The server stores the post before its answer reaches the page; the answer is held until the page's script
  // has arrived and run. Any post the hydrated app might send of its own is answered through the same route.
  const posts = await answeredPosts(page, '/api/leads', {
    beforeAnswer: async (index) => {
      if (index > 0) return;
      release();
      hydratedDuringPost = await hydrated;
    },
  });
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/, { timeout: 20_000 });
  expect(hydratedDuringPost, 'the app hydrated while the post was on its way').toBe(true);
  // The thank-you page has hydrated, the app has nothing waiting to send, and every post has its answer.
  await expect(page.locator(HYDRATED_SELECTOR)).toHaveCount(1);
  await outboxSettled(page);
  await posts.settled();
  expect(posts.statuses).toEqual([303]);
  expect(await leadsWithEmail(page.request, email)).toHaveLength(1);
});

test('the module fetch fails - the page keeps working as a page without script: posted, stored once', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  const email = `${uniqueTag('nomodule')}@example.com`;
  await page.goto('/');
  const form = await fillInline(page, email);
  await notHydrated(page);
  await form.submit.click();
  await expect(page).toHaveURL(/\/thank-you$/);
  expect(await leadsWithEmail(page.request, email)).toHaveLength(1);
});

test('after hydration the app sends it, not the browser: the Thank You view on the same page, stored once', async ({ page }) => {
  const email = `${uniqueTag('hydrated')}@example.com`;
  await page.goto('/');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  const form = await fillInline(page, email);
  // The form's fill-time clock started before the page marked itself hydrated: a person's fill time from here.
  await page.waitForTimeout(MIN_FILL_MS + 100);
  await form.submit.click();
  await expect(form.thankYou).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect(await leadsWithEmail(page.request, email)).toHaveLength(1);
});
