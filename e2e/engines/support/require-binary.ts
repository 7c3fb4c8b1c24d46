// The cross-engine suite uses the browsers Debian packages, never one downloaded at run time: a missing
// one fails the run at once with the command that installs it (as playwright.config.ts does for Chromium).
import fs from 'node:fs';

export function requireBinary(file: string, what: string, install: string, variable: string): void {
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    throw new Error(`No ${what} at ${file}. Install it with \`${install}\`, or set ${variable}.`);
  }
}
