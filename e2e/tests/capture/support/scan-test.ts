// Shared by the scan specs: the browser's launch options with a fake camera or without, and a rep who starts
// capturing at a fresh event on the phone-sized capture screen.
import { expect, type LaunchOptions, type Page } from '@playwright/test';
import { CapturePage } from '../../../pages/admin/capture-page';
import { addUser } from '../../../support/cli';
import { signIn, uniqueTag } from '../../admin/support/admin-test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// playwright.config.ts's arguments: a spec's own launchOptions replace the config's whole object.
const BASE_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchWith(...args: string[]): LaunchOptions {
  return { executablePath: CHROMIUM, args: [...BASE_ARGS, ...args] };
}

export async function startCapturing(page: Page): Promise<{ capture: CapturePage; event: string }> {
  const rep = { email: `${uniqueTag('scanrep')}@example.com`, password: 'e2e-rep-password' };
  addUser(rep.email, rep.password, 'rep', 'Sam Scanner');
  await signIn(page.request, rep);
  const capture = new CapturePage(page);
  await capture.goto();
  const event = `Scan Expo ${uniqueTag('')}`;
  await capture.eventName.fill(event);
  await capture.startCapturing.click();
  await expect(capture.firstName).toBeFocused();
  return { capture, event };
}
