// The JSON bodies the screen sends to one endpoint. Read through a route on purpose: ky clones each request
// before sending it, which leaves Chromium reporting no post data for un-routed requests.
import type { Page } from '@playwright/test';

export async function recordBodies(page: Page, method: string, path: RegExp): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (route.request().method() === method) bodies.push(route.request().postDataJSON());
      await route.fallback();
    },
  );
  return bodies;
}
