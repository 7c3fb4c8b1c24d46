// The Chromium builds the browser tests launch, both Debian's (nothing here downloads a browser). Most tests run in
// chromium-headless-shell, Chromium's headless build without the desktop browser's layers: the whole suite took
// 9.5 min in it against 13.1 in the full browser on one machine in one hour (docs/performance.md, Log). A few
// things exist only in the full browser (its autofill, desktop notifications, a denied permission prompt): the
// specs that test them launch it with `fullChromium`.
import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_PATH ?? '/usr/bin/chromium-headless-shell';
const FULL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Every launch's flags: no sandbox (containers), no GPU, nothing fetched in the background. */
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function present(executable: string, variable: string, pkg: string): string {
  if (!fs.existsSync(executable)) throw new Error(`No Chromium at ${executable}. Install one with \`apt-get install ${pkg}\`, or set ${variable}.`);
  return executable;
}

/** The launch options of playwright.config.ts: the headless shell, with `args` added to the usual flags. */
export function headlessChromium(...args: string[]): LaunchOptions {
  return { executablePath: present(HEADLESS_SHELL, 'CHROMIUM_HEADLESS_PATH', 'chromium-headless-shell'), args: [...ARGS, ...args] };
}

/** The full browser, for a spec that needs what only it has (a spec's launchOptions replace the config's whole object). */
export function fullChromium(...args: string[]): LaunchOptions {
  return { executablePath: present(FULL, 'CHROMIUM_PATH', 'chromium'), args: [...ARGS, ...args] };
}
