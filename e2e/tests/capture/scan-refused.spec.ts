// Scan on a browser whose camera access is refused (Chromium denies the permission prompt, as a rep who
// taps "Block" would): the screen says so beside the form, no camera dialog opens, and typing still saves.
import { expect, test } from '@playwright/test';
import { uniqueTag } from '../admin/support/admin-test';
import { fullChromium } from '../../support/chromium';
import { startCapturing } from './support/scan-test';

// The full browser: the headless shell has no permission prompt to deny, and reports a camera that failed to start.
test.use({ viewport: { width: 390, height: 844 }, launchOptions: fullChromium('--use-fake-device-for-media-stream', '--deny-permission-prompts') });

test('Scan with camera access refused - the screen says so, no dialog, and the typed form still saves', async ({ page }, testInfo) => {
  const { capture } = await startCapturing(page);
  await capture.scan.click();
  await expect(capture.scanProblem).toContainText('Camera access was refused');
  await expect(capture.scanDialog).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('scan-refused-390.png'), animations: 'disabled' });

  const email = `${uniqueTag('typed')}@example.com`;
  await capture.firstName.fill('Tia');
  await capture.lastName.fill('Typed');
  await capture.email.fill(email);
  await capture.email.press('Enter');
  await expect(capture.item(email)).toBeVisible();
  await expect(capture.firstName).toBeFocused();
});
