// Firefox ESR, Debian's package, driven by puppeteer-core over WebDriver BiDi (no browser is downloaded).
// Each tab is a fresh browser context (a profile of its own: storage, service workers). Firefox cannot turn
// script off per page over BiDi, so tabs without JavaScript come from a second browser started with
// `javascript.enabled` false (its BiDi scripts still run, like the driver's own).
import puppeteer, { type Browser, type ElementHandle, type Page } from 'puppeteer-core';
import { ACTION_TIMEOUT_MS, pause, type Engine, type EngineLaunch, type OpenOptions, type Tab, type Target } from '../driver';
import { describeTarget, findExpression } from '../support/find-in-page';
import { ERROR_PROBE_KEY, readProbe } from '../support/error-probe';
import { requireBinary } from '../support/require-binary';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

const PREFS = {
  // Quiet and repeatable: no first-run pages, updates or telemetry; a viewport like the Chromium suite's.
  'browser.shell.checkDefaultBrowser': false,
  'app.update.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
};

function launch(javaScript: boolean): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: { width: 1280, height: 800 },
    protocolTimeout: 30_000,
    extraPrefsFirefox: javaScript ? PREFS : { ...PREFS, 'javascript.enabled': false },
  });
}

class FirefoxTab implements Tab {
  private readonly errors: string[] = [];

  constructor(
    private readonly page: Page,
    private readonly origin: string,
    private readonly closeContext: () => Promise<void>,
  ) {
    page.on('pageerror', (error) => this.errors.push(`${new URL(page.url()).pathname}: ${error instanceof Error ? error.message : String(error)}`));
  }

  async goto(path: string) {
    await this.page.goto(new URL(path, this.origin).href, { waitUntil: 'load' });
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' });
  }
  async path() {
    const url = new URL(this.page.url());
    return url.pathname + url.search;
  }
  /** Waits for the target as a person would look for it (a screen rendered in the browser comes a moment later). */
  private async find(target: Target): Promise<ElementHandle<Element>> {
    for (const deadline = Date.now() + ACTION_TIMEOUT_MS; ; await pause()) {
      const handle = await this.page.evaluateHandle(findExpression(target, 'element'));
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (element) return element;
      if (Date.now() > deadline) throw new Error(`No visible ${describeTarget(target)} on ${await this.path()}`);
    }
  }
  /**
   * Into view, then a real mouse click at its centre once nothing else covers it there (a page still settling
   * gets a moment, as WebDriver's own click asks). puppeteer's click waits on in-page promises, which never
   * settle in a browser with script off.
   */
  async click(target: Target) {
    await this.clickOn(target);
  }
  private async clickOn(target: Target) {
    for (const deadline = Date.now() + ACTION_TIMEOUT_MS; ; await pause()) {
      const element = await this.find(target);
      if (await this.clickCentre(element)) return element;
      if (Date.now() > deadline) throw new Error(`${describeTarget(target)} is covered by another element`);
    }
  }
  /** Clicks the element's centre unless something else covers it there (then answers false). */
  private async clickCentre(element: ElementHandle<Element>): Promise<boolean> {
    const centre = await element.evaluate((el) => {
      el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      return hit && (hit === el || el.contains(hit) || (el as HTMLInputElement).labels?.[0]?.contains(hit)) ? { x, y } : null;
    });
    if (centre) await this.page.mouse.click(centre.x, centre.y);
    return centre !== null;
  }
  async fill(target: Target, value: string) {
    const element = await this.clickOn(target);
    await element.evaluate((el) => (el as HTMLInputElement).select());
    if (value) await this.page.keyboard.type(value);
    else await this.page.keyboard.press('Backspace');
  }
  /**
   * As a person with a keyboard does it: focus the list, then arrow keys until the option shows, each key
   * firing input and change as the browser does for a person. It is focused by a click on its label, not on
   * the list itself: a click on a select opens Firefox's dropdown, drawn by the browser outside the page,
   * which the driver's key presses never reach in a headless Firefox (the list then ignores them; Escape
   * does not bring them back). puppeteer's `select` would set the value by script instead.
   */
  async select(target: Target, value: string) {
    const element = (await this.find(target)) as ElementHandle<HTMLSelectElement>;
    const label = (await element.evaluateHandle((el) => el.labels?.[0] ?? null)).asElement() as ElementHandle<Element> | null;
    if (!label) throw new Error(`${describeTarget(target)} has no label to focus it by`);
    for (const deadline = Date.now() + ACTION_TIMEOUT_MS; !(await this.clickCentre(label)); await pause()) {
      if (Date.now() > deadline) throw new Error(`the label of ${describeTarget(target)} is covered by another element`);
    }
    const state = () => element.evaluate((el, wanted) => ({ focused: document.activeElement === el, at: el.selectedIndex, to: Array.from(el.options).findIndex((o) => o.value === wanted), value: el.value }), value);
    let now = await state();
    if (!now.focused) throw new Error(`a click on its label did not focus ${describeTarget(target)}`);
    if (now.to < 0) throw new Error(`${describeTarget(target)} has no option ${JSON.stringify(value)}`);
    for (let presses = 0; now.value !== value; presses++) {
      if (presses > now.to + now.at + 1) throw new Error(`arrow keys did not reach option ${JSON.stringify(value)} of ${describeTarget(target)} (at ${JSON.stringify(now.value)})`);
      await this.page.keyboard.press(now.to > now.at ? 'ArrowDown' : 'ArrowUp');
      now = await state();
    }
  }
  async press(key: 'Escape' | 'Enter' | 'Tab') {
    await this.page.keyboard.press(key);
  }
  async count(target: Target) {
    return (await this.page.evaluate(findExpression(target, 'count'))) as number;
  }
  async text(target: Target) {
    return (await this.page.evaluate(findExpression(target, 'text'))) as string;
  }
  async value(target: Target) {
    return (await this.page.evaluate(findExpression(target, 'value'))) as string | null;
  }
  async description(target: Target) {
    return (await this.page.evaluate(findExpression(target, 'description'))) as string;
  }
  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    return (await this.page.evaluate(fn as (...a: unknown[]) => T, ...args)) as T;
  }
  async evaluateExpression<T>(expression: string): Promise<T> {
    return (await this.page.evaluate(expression)) as T;
  }
  async scriptErrors() {
    const probed = await this.page.evaluate(readProbe, ERROR_PROBE_KEY).catch(() => []);
    return [...new Set([...this.errors, ...probed])];
  }
  async screenshot(file: string) {
    await this.page.screenshot({ path: file as `${string}.png` });
  }
  async close() {
    await this.closeContext();
  }
}

export async function launchFirefox({ origin }: EngineLaunch): Promise<Engine> {
  requireBinary(FIREFOX_PATH, 'Firefox ESR', 'apt-get install firefox-esr', 'FIREFOX_PATH');
  const browser = await launch(true);
  let scriptless: Promise<Browser> | undefined;
  return {
    name: 'firefox',
    async open(options: OpenOptions = {}) {
      const owner = options.javaScript === false ? await (scriptless ??= launch(false)) : browser;
      const context = await owner.createBrowserContext();
      const page = await context.newPage();
      return new FirefoxTab(page, origin, () => context.close());
    },
    async close() {
      await Promise.all([browser.close(), scriptless?.then((b) => b.close())]);
    },
  };
}
