// A first submit that the real server fails (here a database fault: a trigger that aborts the insert of this
// test's lead) shows the spec's error toast, and the submission stays on the device under its
// Idempotency-Key: pressing Submit again meanwhile retries that item (never a second one), a version the person
// changed and sent again takes the waiting one's place, and once the fault is gone the outbox delivers it,
// exactly once.
import type { Page } from '@playwright/test';
import { LeadFormPage } from '../../pages/lead-form';
import { expect, test, uniqueTag } from '../admin/support/admin-test';
import { leadsWithEmail } from './support/admin-lookup';
import { outboxSettled } from '../pwa/support/pwa';
import { closeWriteFaultsDb, failWritesOf } from '../../support/write-faults';
import { fillLead, waitOutMinimumFillTime, type LeadValues } from './support/lead-helpers';
import { HYDRATED_SELECTOR } from '../../../web/src/lib/hydration-mark';
import { normaliseEmail } from '../../../api/src/contract';

test.use({ reducedMotion: 'reduce' });
test.afterAll(closeWriteFaultsDb);

/** The landing page's inline form, hydrated, filled at a person's pace and sent. */
async function sendInline(page: Page, values: LeadValues): Promise<LeadFormPage> {
  await page.goto('/');
  await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
  const shownAt = Date.now();
  const form = LeadFormPage.inline(page);
  await fillLead(form, values, 'inline');
  await waitOutMinimumFillTime(page, shownAt);
  await form.submit.click();
  return form;
}

/** The statuses the server answered the page's lead posts with, in order. */
interface LeadAnswer {
  email: string;
  company: string;
  status: number;
}

/** Every lead post's answer, in order, with whose submission (and which version of it) it answered. */
function leadAnswers(page: Page): LeadAnswer[] {
  const answers: LeadAnswer[] = [];
  page.on('response', (res) => {
    if (new URL(res.url()).pathname !== '/api/leads') return;
    const body = JSON.parse(res.request().postData() ?? '{}') as { email?: string; company?: string };
    answers.push({ email: body.email ?? '', company: body.company ?? '', status: res.status() });
  });
  return answers;
}

const statuses = (answers: LeadAnswer[]) => answers.map((a) => a.status);

/** The statuses of the answers to one person's (or one version's) submissions. */
const answersTo = (answers: LeadAnswer[], match: { email?: string; company?: string }) =>
  statuses(answers.filter((a) => (match.email ?? a.email) === a.email && (match.company ?? a.company) === a.company));

test('a first submit answered 500 - the error toast, the lead queued on the device, delivered once when the server recovers', async ({ page }) => {
  const email = `${uniqueTag('fault')}@example.com`;
  const recover = await failWritesOf('leads', 'insert', 'email', email);
  const answers = leadAnswers(page);
  const form = await sendInline(page, { firstName: 'Fay', lastName: 'Ult', email, company: 'Hiccup Ltd' });

  await expect(page.getByText('Failed to submit form. Please try again.')).toBeVisible();
  expect(answers[0]?.status).toBe(500);
  await expect(form.firstName).toHaveValue('Fay');
  await expect(page.getByText('1 waiting to send')).toBeVisible();
  expect(await leadsWithEmail(page.request, email)).toHaveLength(0);

  // Submit pressed again with the same content while the item waits (the fault still there): the same item is
  // tried again under its key, not a second one queued beside it.
  await page.getByText('Failed to submit form. Please try again.').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  await form.submit.click();
  await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('Failed to submit form. Please try again.').first()).toBeVisible();
  await expect(page.getByText('1 waiting to send')).toBeVisible();
  await expect(page.getByText('2 waiting to send')).toHaveCount(0);

  await recover();
  // The outbox's own backoff replays it; nobody presses anything.
  await expect.poll(async () => (await leadsWithEmail(page.request, email)).length, { timeout: 20_000 }).toBe(1);
  await expect(page.getByText('1 waiting to send')).toHaveCount(0);

  // Pressing Submit again with the same content retries the same submission: the server replays it.
  await form.submit.click();
  await expect(form.thankYou).toBeVisible();
  expect(await leadsWithEmail(page.request, email)).toHaveLength(1);
});

test('changed after a 500 and sent again while the fault holds - the corrected version takes the waiting one\'s place: one waiting, then one lead, the corrected one', async ({ page }) => {
  const email = `${uniqueTag('fixed')}@example.com`;
  const recover = await failWritesOf('leads', 'insert', 'email', email);
  const answers = leadAnswers(page);
  const form = await sendInline(page, { firstName: 'Fay', lastName: 'Ult', email, company: 'Typo Ltd' });
  await expect(page.getByText('1 waiting to send')).toBeVisible();
  expect(statuses(answers)).toEqual([500]);

  // The person notices a typo, fixes it and presses Submit again; the server still fails.
  await form.company.fill('Fixed Ltd');
  await form.submit.click();
  // The corrected version reached the server and failed too (the outbox's own retries of the first may add more).
  await expect.poll(() => answersTo(answers, { company: 'Fixed Ltd' })).toContain(500);
  expect(new Set(statuses(answers))).toEqual(new Set([500]));
  await expect(page.getByText('1 waiting to send')).toBeVisible();
  await expect(page.getByText('2 waiting to send')).toHaveCount(0);

  await recover();
  await expect.poll(async () => (await leadsWithEmail(page.request, email)).map((l) => l.company), { timeout: 20_000 }).toEqual(['Fixed Ltd']);
  await expect(page.getByText('1 waiting to send')).toHaveCount(0);
  // Nothing else arrives later: the first version is gone from the device, whose outbox has settled.
  await outboxSettled(page);
  expect((await leadsWithEmail(page.request, email)).map((l) => l.company)).toEqual(['Fixed Ltd']);
});

test('the same person fixes the company and retypes their address in capitals, é as e + U+0301, after a 500 - still the same person: the corrected version takes the waiting one\'s place', async ({ page }) => {
  const email = `${uniqueTag('jos\u00e9')}@example.com`;
  const retyped = email.toUpperCase().normalize('NFD');
  // Both spellings are one address to the server (normaliseEmail), and so to the fault.
  const recover = await failWritesOf('leads', 'insert', 'email_normalised', normaliseEmail(email));
  const answers = leadAnswers(page);
  const form = await sendInline(page, { firstName: 'José', lastName: 'Ult', email, company: 'Typo Ltd' });
  await expect(page.getByText('1 waiting to send')).toBeVisible();

  await form.company.fill('Fixed Ltd');
  await form.email.fill(retyped);
  await form.submit.click();
  await expect.poll(() => answersTo(answers, { company: 'Fixed Ltd' })).toContain(500);
  await expect(page.getByText('1 waiting to send')).toBeVisible();
  await expect(page.getByText('2 waiting to send')).toHaveCount(0);

  await recover();
  await expect.poll(async () => (await leadsWithEmail(page.request, retyped)).map((l) => l.company), { timeout: 20_000 }).toEqual(['Fixed Ltd']);
  await outboxSettled(page);
  expect((await leadsWithEmail(page.request, retyped)).map((l) => l.company)).toEqual(['Fixed Ltd']);
  expect(await leadsWithEmail(page.request, email)).toEqual([]);
});

test('someone else\'s details typed over the kept form after a 500 (a shared phone at a stand) - a second lead: both wait, both arrive', async ({ page }) => {
  const first = `${uniqueTag('stand1')}@example.com`;
  const second = `${uniqueTag('stand2')}@example.com`;
  const recoverFirst = await failWritesOf('leads', 'insert', 'email', first);
  const recoverSecond = await failWritesOf('leads', 'insert', 'email', second);
  const answers = leadAnswers(page);
  const form = await sendInline(page, { firstName: 'Fay', lastName: 'First', email: first, company: 'Stand Ltd' });
  await expect(page.getByText('1 waiting to send')).toBeVisible();

  const shownAt = Date.now();
  await fillLead(form, { firstName: 'Sam', lastName: 'Second', email: second, company: 'Booth Co' }, 'inline');
  await waitOutMinimumFillTime(page, shownAt);
  await form.submit.click();
  // The second person's submission failed too (the outbox's own retries of the first may add more); both wait.
  await expect.poll(() => answersTo(answers, { email: second })).toContain(500);
  expect(new Set(statuses(answers))).toEqual(new Set([500]));
  await expect(page.getByText('2 waiting to send')).toBeVisible();

  await recoverFirst();
  await recoverSecond();
  await expect.poll(async () => [(await leadsWithEmail(page.request, first)).length, (await leadsWithEmail(page.request, second)).length], { timeout: 20_000 }).toEqual([1, 1]);
});
