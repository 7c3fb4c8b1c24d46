// Shared steps of the lead form tests: fill valid values, wait out the spam guard's minimum fill time
// (faster submissions are kept as suspected spam, out of the leads), submit.
import type { Page } from '@playwright/test';
import { MIN_FILL_MS } from '../../../../api/src/contract';
import { HYDRATED_MARK, HYDRATED_SELECTOR } from '../../../../web/src/lib/hydration-mark';
import type { LeadFormPage } from '../../../pages/lead-form';

export interface LeadValues {
  firstName: string;
  lastName: string;
  email: string;
  company?: string;
  phone?: string;
  industry?: string;
  volume?: string;
  message?: string;
}

export async function fillLead(form: LeadFormPage, v: LeadValues, mode: 'inline' | 'modal') {
  await form.firstName.fill(v.firstName);
  await form.lastName.fill(v.lastName);
  await form.email.fill(v.email);
  if (v.company !== undefined) await form.company.fill(v.company);
  if (v.industry !== undefined) await form.industry.selectOption(v.industry);
  if (mode === 'modal') {
    if (v.phone !== undefined) await form.phone.fill(v.phone);
    if (v.volume !== undefined) await form.volume.selectOption(v.volume);
  }
  if (v.message !== undefined) await form.message.fill(v.message);
}

/**
 * Waits until a person could have filled the form. A form's fill-time clock starts when it mounts: an inline
 * form when the page hydrates (at or before the page's own hydration mark, read on the page's clock, since the
 * page's script starts only after its first paint), a dialog's form when the dialog opens (after `shownAt`, the
 * moment the test saw its fields). Whichever is later decides.
 */
export async function waitOutMinimumFillTime(page: Page, shownAt: number) {
  await page.locator(HYDRATED_SELECTOR).waitFor({ state: 'attached' });
  const sinceHydration = await page.evaluate((mark) => {
    const entry = performance.getEntriesByName(mark)[0];
    return entry ? performance.now() - entry.startTime : null;
  }, HYDRATED_MARK);
  if (sinceHydration === null) throw new Error(`The page is hydrated but has no '${HYDRATED_MARK}' performance mark to count the fill time from`);
  const left = MIN_FILL_MS + 150 - Math.min(sinceHydration, Date.now() - shownAt);
  if (left > 0) await page.waitForTimeout(left);
}
