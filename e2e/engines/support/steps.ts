// Steps the scenarios share, written against the driver interface only: waiting for what a person would
// wait for (the page hydrated, a text shown, the service worker in control) and filling the public forms.
import { MIN_FILL_MS } from '../../../api/src/contract';
import { HYDRATED_ATTRIBUTE, HYDRATED_MARK } from '../../../web/src/lib/hydration-mark';
import type { Tab, Target } from '../driver';
import { describeTarget } from './find-in-page';

/** Polls `check` until it answers something truthy; fails with `what` (and the last error) after `timeout`. */
export async function until<T>(check: () => Promise<T>, what: string, timeout = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
      last = value;
    } catch (error) {
      last = error instanceof Error ? error.message : error;
    }
    if (Date.now() > deadline) throw new Error(`Waited ${timeout} ms for ${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export const visible = (tab: Tab, target: Target, timeout?: number) => until(async () => (await tab.count(target)) > 0, `${describeTarget(target)} to show`, timeout);
export const gone = (tab: Tab, target: Target, timeout?: number) => until(async () => (await tab.count(target)) === 0, `${describeTarget(target)} to go`, timeout);

/** Waits until the text of the first match matches, and answers it. */
export const textShows = (tab: Tab, target: Target, pattern: RegExp, timeout?: number) =>
  until(async () => {
    const text = await tab.text(target);
    return pattern.test(text) ? text : '';
  }, `${describeTarget(target)} to read ${pattern}`, timeout);

/** The prerendered page is interactive: the app marks <html> once hydrated (web/src/app/App.tsx). */
export const hydrated = (tab: Tab, timeout?: number) =>
  until(() => tab.evaluate((attribute) => document.documentElement.getAttribute(attribute) === 'true', HYDRATED_ATTRIBUTE), 'the page to hydrate', timeout);

/** The service worker controls the page: its precache is complete, so the site works without the server. */
export const serviceWorkerControls = (tab: Tab) =>
  until(() => tab.evaluate(() => navigator.serviceWorker?.controller != null), 'the service worker to control the page', 30_000);

/** How long a stored row must stay the only one, once nothing is left to send, to count as stored once. */
const SETTLE_MS = 1_000;

/**
 * Stored exactly once, and answers that row: `rows` (every row with the address, quarantined ones too) reaches
 * one and never more; then `nothingWaiting` (the page's outbox where it has one) reports nothing left to send,
 * so no retry of the page's is still to come; and for SETTLE_MS after that there is still one, long enough for a
 * send already on its way (another tab's, the browser's own post) to have landed.
 */
export async function storedOnce<T>(rows: () => Promise<T[]>, what: string, nothingWaiting?: () => Promise<unknown>, timeout = 10_000): Promise<T> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const count = async () => {
    const found = await rows();
    if (found.length > 1) throw new Error(`${what} was stored ${found.length} times`);
    return found;
  };
  for (const deadline = Date.now() + timeout; (await count()).length === 0; await sleep(150)) {
    if (Date.now() > deadline) throw new Error(`Waited ${timeout} ms for ${what} to be stored`);
  }
  if (nothingWaiting) await nothingWaiting();
  for (const settled = Date.now() + SETTLE_MS; ; await sleep(200)) {
    const found = await count();
    if (found.length === 0) throw new Error(`${what} was stored, then gone`);
    if (Date.now() > settled) return found[0]!;
  }
}

/** The page's outbox reports nothing waiting or failed: its indicator, on every public page, is gone. */
export const outboxEmpty = (tab: Tab, timeout = 20_000) => gone(tab, OUTBOX_INDICATOR, timeout);

/**
 * Waits until a person could have filled the form (faster is kept as suspected spam): its clock starts when
 * the form mounts, at or before hydration, or when its dialog opened (at or after `shownAt`). On the page's
 * own clock, as e2e/tests/public/support/lead-helpers.ts does.
 */
export async function waitOutFillTime(tab: Tab, shownAt: number): Promise<void> {
  await hydrated(tab);
  const sinceHydration = await tab.evaluate((mark) => performance.now() - (performance.getEntriesByName(mark)[0]?.startTime ?? 0), HYDRATED_MARK);
  const left = MIN_FILL_MS + 150 - Math.min(sinceHydration, Date.now() - shownAt);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

export const LEAD_FORM: Target = { role: 'form', name: 'Demo request' };
export const SAMPLE_FORM: Target = { role: 'form', name: 'Free sample request' };
export const QUEUED_NOTICE: Target = { testId: 'queued-notice' };
export const OUTBOX_INDICATOR: Target = { testId: 'outbox-indicator' };
export const SAVED_FOR_LATER = /Saved — it will be sent automatically when you're back online/;

/** What a form is filled with, by the fields' labels: typed into `fields`, chosen from a list in `choices`. */
export interface FormValues {
  fields: Record<string, string>;
  choices: Record<string, string>;
}

/** What the lead form is filled with (the landing page's inline form, scripted or not: the same fields and names). */
export const leadFormValues = (email: string, lastName = 'Engine'): FormValues => ({
  fields: { 'First Name': 'Eve', 'Last Name': lastName, Email: email, Company: 'Cross Engine Co' },
  choices: { Industry: 'retail' },
});

export const sampleFormValues = (email: string, zip = '62701'): FormValues => ({
  fields: { 'First Name': 'Sam', 'Last Name': 'Sample', 'Email Address': email, 'Address Line 1': '1 Main St', City: 'Springfield', 'ZIP Code': zip },
  choices: { State: 'IL', 'Sample Type': 'both' },
});

export async function fillForm(tab: Tab, form: Target, values: FormValues): Promise<void> {
  for (const [label, value] of Object.entries(values.fields)) await tab.fill({ label, within: form }, value);
  for (const [label, value] of Object.entries(values.choices)) await tab.select({ label, within: form }, value);
}

/** What the form's fields hold now, in the shape of `values`, to compare with what was typed. */
export async function formValues(tab: Tab, form: Target, values: FormValues): Promise<FormValues> {
  const read = async (labels: Record<string, string>) => {
    const out: Record<string, string | null> = {};
    for (const label of Object.keys(labels)) out[label] = await tab.value({ label, within: form });
    return out;
  };
  return { fields: await read(values.fields), choices: await read(values.choices) } as FormValues;
}

export const fillLeadForm = (tab: Tab, email: string, lastName?: string) => fillForm(tab, LEAD_FORM, leadFormValues(email, lastName));
export const fillSampleForm = (tab: Tab, email: string, zip?: string) => fillForm(tab, SAMPLE_FORM, sampleFormValues(email, zip));

export function uniqueEmail(engine: string, tag: string): string {
  return `${tag}-${engine}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
