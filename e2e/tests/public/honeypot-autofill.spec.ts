// A person's browser autofill never fills the honeypot. Chromium is given a filled-in address profile through
// DevTools' Autofill domain (the filling code a person's saved address runs) and fills each public form from its
// first field: the fields the profile has are filled, the honeypot stays empty, and what is sent is stored as
// a real submission, not as suspected spam. (Chromium's filling goes by each field's autocomplete token, name,
// id and label; in a form where the real e-mail field carries autocomplete="email", Chromium 156 left even a
// shown field with this name empty, so the markup's other guards are for browsers whose rules are not this one's.)
import type { CDPSession, Page } from '@playwright/test';
import { HONEYPOT_FORM_FIELD } from '../../../api/src/contract';
import { LeadFormPage } from '../../pages/lead-form';
import { SampleFormPage } from '../../pages/sample-form';
import { fullChromium } from '../../support/chromium';
import { expect, test, uniqueTag } from '../admin/support/admin-test';
import { leadsWithEmail, sampleRequestsWithEmail } from './support/admin-lookup';
import { waitOutMinimumFillTime } from './support/lead-helpers';

// The full browser: autofill (and its DevTools domain) is not in the headless shell.
test.use({ reducedMotion: 'reduce', launchOptions: fullChromium() });

/** A saved address as Chromium's settings hold one (field names: Chromium's autofill field types). */
const profile = (email: string) => ({
  fields: [
    ['NAME_FIRST', 'Autumn'], ['NAME_LAST', 'Fillmore'], ['NAME_FULL', 'Autumn Fillmore'], ['EMAIL_ADDRESS', email],
    ['PHONE_HOME_WHOLE_NUMBER', '+15125550123'], ['COMPANY_NAME', 'Autofill Inc'], ['ADDRESS_HOME_LINE1', '12 Profile Road'],
    ['ADDRESS_HOME_LINE2', 'Suite 3'], ['ADDRESS_HOME_STREET_ADDRESS', '12 Profile Road\nSuite 3'], ['ADDRESS_HOME_CITY', 'Austin'],
    ['ADDRESS_HOME_STATE', 'TX'], ['ADDRESS_HOME_ZIP', '73301'], ['ADDRESS_HOME_COUNTRY', 'US'],
  ].map(([name, value]) => ({ name, value })),
});

/** Autofills the form holding `field` from the profile, as picking the saved address in the dropdown does; the names of the fields filled. */
async function autofill(page: Page, field: string, email: string): Promise<string[]> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('Autofill.enable');
  const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[id="${field}"]` });
  const { node } = await cdp.send('DOM.describeNode', { nodeId });
  const filled = new Promise<{ filledFields: { name: string; value: string }[] }>((resolve) => cdp.once('Autofill.addressFormFilled', resolve));
  // `address` is newer than the protocol types Playwright ships (which know only `card`).
  await cdp.send('Autofill.trigger', { fieldId: node.backendNodeId, address: profile(email) } as never);
  return (await filled).filledFields.filter((f) => f.value !== '').map((f) => f.name);
}

test('a saved address autofilled into the sample form - its fields filled, the honeypot empty, stored as a real request', async ({ page }) => {
  const email = `${uniqueTag('autofill')}@example.com`;
  await page.goto('/print/samples');
  const shownAt = Date.now();
  const samples = new SampleFormPage(page);
  await waitOutMinimumFillTime(page, shownAt);
  const filled = await autofill(page, (await samples.field('First Name').getAttribute('id'))!, email);
  expect(filled).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'addressLine1', 'city', 'state', 'zip']));
  expect(filled).not.toContain(HONEYPOT_FORM_FIELD);
  await expect(samples.field('City')).toHaveValue('Austin');
  await expect(samples.form.locator(`[name="${HONEYPOT_FORM_FIELD}"]`)).toHaveValue('');
  await samples.field('Sample Type').selectOption('postcards');
  await samples.submit.click();
  await expect(samples.thankYouDialog.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(await sampleRequestsWithEmail(page.request, email)).toEqual([expect.objectContaining({ city: 'Austin', zip: '73301', spamReason: null })]);
});

test('a saved address autofilled into the lead form - its fields filled, the honeypot empty, stored as a real lead', async ({ page }) => {
  const email = `${uniqueTag('autofill')}@example.com`;
  await page.goto('/');
  const shownAt = Date.now();
  const form = LeadFormPage.inline(page);
  await waitOutMinimumFillTime(page, shownAt);
  const filled = await autofill(page, (await form.firstName.getAttribute('id'))!, email);
  expect(filled).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'company']));
  expect(filled).not.toContain(HONEYPOT_FORM_FIELD);
  await expect(form.scope.locator(`[name="${HONEYPOT_FORM_FIELD}"]`)).toHaveValue('');
  await form.submit.click();
  await expect(form.thankYou).toBeVisible();
  expect(await leadsWithEmail(page.request, email)).toEqual([expect.objectContaining({ company: 'Autofill Inc', spamReason: null })]);
});
