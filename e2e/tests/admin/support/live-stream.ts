// The admin's live stream, refused for one test: as before it opens, or where a proxy blocks it. For tests
// about something else that a lead stored by any other test, heard live, would disturb, and for tests that
// post the stream's events themselves.
import type { BrowserContext, Page } from '@playwright/test';

/** Refuses `/api/admin/live` for a page, or for a whole context (which also covers its service worker). */
export async function withoutLiveStream(target: Page | BrowserContext): Promise<void> {
  await target.route('**/api/admin/live*', (route) => route.abort());
}
