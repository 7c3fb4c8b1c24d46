// The little the cross-engine scenarios need from a browser, so they are written once and run in Firefox
// (puppeteer-core over WebDriver BiDi) and in WebKit (WebdriverIO over WebDriver classic). Elements are found
// the way a person finds them, by role and name, label or text (support/find-in-page.ts); actions are the
// engine's own input events (a real click, real key presses), never a script setting values.

/** What a person would look for on the page. `within` narrows the search to the first match of another target. */
export type Target = (
  | { role: Role; name?: string | RegExp }
  | { label: string | RegExp }
  | { text: string | RegExp }
  | { testId: string }
  | { css: string }
) & { within?: Target };

export type Role = 'button' | 'link' | 'heading' | 'dialog' | 'form' | 'list' | 'listitem' | 'alert' | 'status' | 'navigation' | 'main' | 'textbox' | 'combobox' | 'region' | 'row';

export interface OpenOptions {
  /** false: the page's own scripts never run (the driver's scripts still may), as with JavaScript turned off. */
  javaScript?: boolean;
}

/** How long an action waits for its target to show. */
export const ACTION_TIMEOUT_MS = 10_000;

export const pause = () => new Promise((resolve) => setTimeout(resolve, 150));

export interface Tab {
  /** Loads a path of the site (through the cuttable proxy) and waits for the load event. */
  goto(path: string): Promise<void>;
  reload(): Promise<void>;
  /** The path (and search) the tab shows. */
  path(): Promise<string>;
  /** Actions wait up to ACTION_TIMEOUT_MS for their target to show. */
  click(target: Target): Promise<void>;
  /** Replaces a field's value by typing, as a person would. */
  fill(target: Target, value: string): Promise<void>;
  select(target: Target, value: string): Promise<void>;
  /** A key press on what has focus: 'Escape', 'Enter', 'Tab'. */
  press(key: 'Escape' | 'Enter' | 'Tab'): Promise<void>;
  /** How many visible elements match. */
  count(target: Target): Promise<number>;
  /** The visible text of the first match ('' when there is none). */
  text(target: Target): Promise<string>;
  /** The value of the first match, a field (null when there is none). */
  value(target: Target): Promise<string | null>;
  /** The accessible description of the first match, what is read out after its name: a field's message. */
  description(target: Target): Promise<string>;
  /** Runs a function in the page and answers its (JSON-able) result; may return a promise. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T>;
  /** Evaluates an expression (source text) in the page and answers its (JSON-able, awaited) value. */
  evaluateExpression<T>(expression: string): Promise<T>;
  /** Uncaught errors, unhandled rejections and CSP refusals the page has had since the tab opened. */
  scriptErrors(): Promise<string[]>;
  /** A PNG of what the tab shows, for a failed scenario's report. */
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  /** 'firefox' or 'webkit'. */
  name: string;
  /** A tab in a fresh profile (no storage, no service worker) showing nothing yet. */
  open(options?: OpenOptions): Promise<Tab>;
  close(): Promise<void>;
}

export interface EngineLaunch {
  /** The origin every tab's paths are resolved against: the cuttable proxy in front of the product. */
  origin: string;
}
