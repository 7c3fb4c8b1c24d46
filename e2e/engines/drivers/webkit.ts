// WebKit as Safari's stand-in: WebKitGTK's MiniBrowser (Debian's libwebkit2gtk-4.1-0) through WebKitWebDriver
// (Debian's webkit2gtk-driver), driven by WebdriverIO in WebDriver-classic mode (this WebKitWebDriver has no
// BiDi). MiniBrowser has no headless switch: the driver runs under xvfb-run, a virtual X display of its own.
// Each tab is a new session, i.e. a new MiniBrowser in automation mode, whose website data is ephemeral: a
// fresh profile every time. Script off is MiniBrowser's `--enable-javascript-markup=false`: the page's own
// scripts never run, while the driver's still do.
import { spawn, type ChildProcess } from 'node:child_process';
import { Key, remote } from 'webdriverio';
import { ACTION_TIMEOUT_MS, pause, type Engine, type EngineLaunch, type OpenOptions, type Tab, type Target } from '../driver';
import { describeTarget, findExpression } from '../support/find-in-page';
import { ERROR_PROBE_KEY, readProbe } from '../support/error-probe';
import { requireBinary } from '../support/require-binary';
import { freePort } from '../../../api/src/testing/local-processes';

export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const WEBKIT_WEBDRIVER = process.env.WEBKIT_WEBDRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
const XVFB_RUN = process.env.XVFB_RUN_PATH ?? '/usr/bin/xvfb-run';
const SESSION_START_TIMEOUT_MS = 20_000;

/** What WebDriver hands back for an element a script returned (the W3C element reference). */
type ElementReference = { 'element-6066-11e4-a52e-4f735466cecf': string };

type Session = Awaited<ReturnType<typeof remote>>;

const KEYS = { Escape: Key.Escape, Enter: Key.Enter, Tab: Key.Tab } as const;

/** WebKitWebDriver on a display of its own; resolves once it answers /status. */
async function startDriver(): Promise<{ port: number; process: ChildProcess; output: () => string }> {
  const port = await freePort();
  // detached: its own process group, so stopping it also stops Xvfb and any MiniBrowser left behind.
  // A language as every Safari has one: under the POSIX locale (CI's `LANG` unset) WebKitGTK reports
  // navigator.language as "C", which Intl refuses (uPlot's `new Intl.NumberFormat(navigator.language)` at
  // import then takes the dashboard down), a case no Safari visitor can meet.
  const env = { ...process.env, LANG: 'en_US.UTF-8', LANGUAGE: 'en_US' };
  const child = spawn(XVFB_RUN, ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_WEBDRIVER, `--port=${port}`], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  // Never left behind, whatever ends this process (a detached group outlives its parent otherwise).
  process.once('exit', () => stopGroup(child));
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString('utf8')).slice(-4000)));
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`http://127.0.0.1:${port}/status`).then((r) => r.ok, () => false);
    if (ok) return { port, process: child, output: () => output };
  }
  stopGroup(child);
  throw new Error(`WebKitWebDriver did not start on port ${port}:\n${output}`);
}

function stopGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
}

class WebKitTab implements Tab {
  constructor(
    private readonly session: Session,
    private readonly origin: string,
  ) {}

  async goto(path: string) {
    await this.session.url(new URL(path, this.origin).href);
  }
  async reload() {
    await this.session.refresh();
  }
  async path() {
    const url = new URL(await this.session.getUrl());
    return url.pathname + url.search;
  }
  /** Waits for the target as a person would look for it (a screen rendered in the browser comes a moment later). */
  private async find(target: Target) {
    for (const deadline = Date.now() + ACTION_TIMEOUT_MS; ; await pause()) {
      const reference = (await this.session.execute(`return ${findExpression(target, 'element')}`)) as ElementReference | null;
      if (reference) return this.session.$(reference);
      if (Date.now() > deadline) throw new Error(`No visible ${describeTarget(target)} on ${await this.path()}`);
    }
  }
  /**
   * Into view, then WebDriver's click, which refuses while another element covers the target's centre: a
   * page still settling (a block above that grew, a dialog fading in) gets a moment, as a person would give it.
   */
  async click(target: Target) {
    await this.clickOn(target);
  }
  private async clickOn(target: Target) {
    for (const deadline = Date.now() + ACTION_TIMEOUT_MS; ; await pause()) {
      const element = await this.find(target);
      try {
        await this.session.execute((el: HTMLElement) => el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' }), element);
        await element.click();
        return element;
      } catch (error) {
        if (Date.now() > deadline || !/intercepted|not interactable|stale/i.test(String(error))) throw error;
      }
    }
  }
  async fill(target: Target, value: string) {
    const element = await this.clickOn(target);
    await this.session.execute((el: HTMLElement) => (el as HTMLInputElement).select(), element);
    await element.addValue(value || Key.Backspace);
  }
  async select(target: Target, value: string) {
    const element = await this.find(target);
    await element.selectByAttribute('value', value);
  }
  async press(key: 'Escape' | 'Enter' | 'Tab') {
    await this.session.keys([KEYS[key]]);
  }
  async count(target: Target) {
    return (await this.session.execute(`return ${findExpression(target, 'count')}`)) as number;
  }
  async text(target: Target) {
    return (await this.session.execute(`return ${findExpression(target, 'text')}`)) as string;
  }
  async value(target: Target) {
    return (await this.session.execute(`return ${findExpression(target, 'value')}`)) as string | null;
  }
  async description(target: Target) {
    return (await this.session.execute(`return ${findExpression(target, 'description')}`)) as string;
  }
  async evaluate<T, A extends unknown[]>(fn: (...args: A) => T | Promise<T>, ...args: A): Promise<T> {
    return (await this.session.execute(fn as (...a: unknown[]) => T, ...args)) as T;
  }
  async evaluateExpression<T>(expression: string): Promise<T> {
    return (await this.session.execute(`return ${expression}`)) as T;
  }
  async scriptErrors() {
    return this.session.execute(readProbe, ERROR_PROBE_KEY);
  }
  async screenshot(file: string) {
    await this.session.saveScreenshot(file);
  }
  async close() {
    await this.session.deleteSession().catch(() => undefined);
  }
}

export async function launchWebKit({ origin }: EngineLaunch): Promise<Engine> {
  requireBinary(MINIBROWSER_PATH, 'WebKitGTK MiniBrowser', 'apt-get install libwebkit2gtk-4.1-0', 'MINIBROWSER_PATH');
  requireBinary(WEBKIT_WEBDRIVER, 'WebKitWebDriver', 'apt-get install webkit2gtk-driver', 'WEBKIT_WEBDRIVER_PATH');
  requireBinary(XVFB_RUN, 'xvfb-run', 'apt-get install xvfb xauth', 'XVFB_RUN_PATH');
  let driver = await startDriver();
  const newSession = async (javaScript: boolean) => {
    const session = await remote({
      hostname: '127.0.0.1',
      port: driver.port,
      logLevel: 'error',
      connectionRetryCount: 0,
      // A command (a new session included) that gets no answer in this time has failed.
      connectionRetryTimeout: SESSION_START_TIMEOUT_MS,
      capabilities: {
        browserName: 'MiniBrowser',
        'wdio:enforceWebDriverClassic': true,
        timeouts: { implicit: 0, pageLoad: 30_000, script: 30_000 },
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation', ...(javaScript ? [] : ['--enable-javascript-markup=false'])] },
      } as WebdriverIO.Capabilities,
    });
    await session.setWindowSize(1280, 800);
    return session;
  };
  /**
   * A new MiniBrowser per tab. Seldom, on a loaded machine, WebKitWebDriver never answers a new session (the
   * browser it started never connects back): that driver is replaced once, with what it printed in the log.
   */
  const openSession = async (javaScript: boolean) => {
    try {
      return await newSession(javaScript);
    } catch (error) {
      console.error(`webkit: no session (${String(error)}); WebKitWebDriver said:\n${driver.output()}\nstarting it again`);
      stopGroup(driver.process);
      driver = await startDriver();
      return newSession(javaScript);
    }
  };
  return {
    name: 'webkit',
    async open(options: OpenOptions = {}) {
      return new WebKitTab(await openSession(options.javaScript !== false), origin);
    },
    async close() {
      stopGroup(driver.process);
    },
  };
}
