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

/**
 * What Firefox reports, as a script error of the page being left, for a request of that page the service worker
 * was still answering when the tab's own reload or navigation took the page away (seen for the outbox list's
 * code, loading as the outbox scenario reloads, and for the outbox's "who is signed in?" read as the capture
 * scenario reloads). No script failed and nothing is lost; a request the worker fails while the page stays is
 * still an error.
 */
const LEFT_BEHIND = /A ServiceWorker intercepted the request and encountered an unexpected error/;

class FirefoxTab implements Tab {
  private readonly errors: string[] = [];
  /** From the start of the tab's own navigation until the next document is in the frame. */
  private leaving = false;

  constructor(
    private readonly page: Page,
    private readonly origin: string,
    private readonly closeContext: () => Promise<void>,
    /** Whether the page runs scripts: only then can a click be seen reaching its element (a listener runs). */
    private readonly scripted: boolean,
  ) {
    page.on('pageerror', (error) => {
      const message = error instanceof Error ? error.message : String(error);
      if (this.leaving && LEFT_BEHIND.test(message)) return void console.warn(`firefox: not counted, the page was being left: ${message}`);
      this.errors.push(`${new URL(page.url()).pathname}: ${message}`);
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.leaving = false;
    });
  }

  private async navigate(go: () => Promise<unknown>) {
    this.leaving = true;
    try {
      await go();
    } finally {
      this.leaving = false;
    }
  }
  async goto(path: string) {
    await this.navigate(() => this.page.goto(new URL(path, this.origin).href, { waitUntil: 'load' }));
  }
  async reload() {
    await this.navigate(() => this.page.reload({ waitUntil: 'load' }));
  }
  /**
   * Read from the document: after a form's post and its redirect, puppeteer's own `page.url()` can still name
   * the page the post was sent from while the new document already shows (seen under load).
   */
  async path() {
    const url = new URL(await this.page.evaluate(() => location.href).catch(() => this.page.url()));
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
  /**
   * Clicks the element's centre once it stands still there and nothing else covers it, and answers whether the
   * click reached it (false: try again).
   * Still: the same place in two reads, so a scroll still under way (the site scrolls smoothly, and a focus
   * can start one) does not carry another element under the pointer before the click lands.
   */
  private async clickCentre(element: ElementHandle<Element>): Promise<boolean> {
    const centreOf = (el: Element, scroll: boolean) => {
      if (scroll) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
      const r = el.getBoundingClientRect();
      const x = r.x + r.width / 2;
      const y = r.y + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      return hit && (hit === el || el.contains(hit) || (el as HTMLInputElement).labels?.[0]?.contains(hit)) ? { x, y } : null;
    };
    const first = await element.evaluate(centreOf, true);
    const centre = first && (await element.evaluate(centreOf, false));
    if (!first || !centre || centre.x !== first.x || centre.y !== first.y) return false;
    // The click must reach the element: on a loaded machine Firefox once took a pointer click at the right place
    // and the dialog's Close did nothing, in one CI run. Where the page runs scripts, a listener sees whether the
    // click arrived; one that reached nothing changed nothing, so it is tried again, and one that navigated away
    // has no element left to ask. A page without scripts runs no listener; there a form's submit button is seen to
    // work by the navigation it starts, and pressed again, as a person would, when none starts within 5 s (the
    // server knows a repeated post by its content and stores it once). Any other click is taken as it lands.
    if (!this.scripted) {
      const submits = await element.evaluate((el) => el instanceof HTMLButtonElement && el.type === 'submit' && el.form !== null);
      if (!submits) {
        await this.page.mouse.click(centre.x, centre.y);
        return true;
      }
      const navigated = this.page.waitForNavigation({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      await this.page.mouse.click(centre.x, centre.y);
      return navigated;
    }
    await element.evaluate((el) => {
      const mark = el as Element & { __e2eClicked?: boolean };
      mark.__e2eClicked = false;
      el.addEventListener('click', () => (mark.__e2eClicked = true), { once: true, capture: true });
    });
    await this.page.mouse.click(centre.x, centre.y);
    return element.evaluate((el) => (el as Element & { __e2eClicked?: boolean }).__e2eClicked !== false).catch(() => true);
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
      return new FirefoxTab(page, origin, () => context.close(), options.javaScript !== false);
    },
    async close() {
      await Promise.all([browser.close(), scriptless?.then((b) => b.close())]);
    },
  };
}
