// Shared by the scan specs: a rep who starts capturing at a fresh event on the phone-sized capture screen.
import { expect, type Page } from '@playwright/test';
import { CapturePage } from '../../../pages/admin/capture-page';
import { addUser } from '../../../support/cli';
import { signIn, uniqueTag } from '../../admin/support/admin-test';

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
