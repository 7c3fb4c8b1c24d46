// Every public route is served prerendered (status, one h1, title, description, canonical in the HTML
// the server sends) and hydrates without warnings; unknown paths get HTTP 404 and the 404 page.
import { expect, test } from '@playwright/test';
import { publicRoutes } from '../../pages/public-routes';

test.describe.configure({ mode: 'parallel' });

function attr(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

for (const route of publicRoutes) {
  test(`${route.path} - served prerendered with one h1, title, description and canonical`, async ({ request, baseURL }) => {
    const res = await request.get(route.path);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe(escapeHtml(route.title));
    expect(attr(html, /<meta name="description" content="([^"]*)"/)).toBe(escapeHtml(route.description));
    const canonical = attr(html, /<link rel="canonical" href="([^"]*)"/);
    expect(canonical).toBeDefined();
    expect(new URL(canonical!).pathname).toBe(route.path);
    expect(baseURL).toBeTruthy();
  });

  test(`${route.path} - hydrates without warnings and keeps its head`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') {
        const text = msg.text();
        // Resource failures (e.g. an API not yet answering) are not rendering problems.
        if (!/Failed to load resource/.test(text)) problems.push(text);
      }
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page).toHaveTitle(route.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', route.description);
    // Hydration is done once React has attached its handlers; wait for the page to settle.
    await page.waitForLoadState('networkidle');
    expect(problems.filter((p) => !/pricing products failed to load/i.test(p))).toEqual([]);
  });
}

test('unknown path - HTTP 404 with the 404 page, its h1 and head', async ({ request }) => {
  const res = await request.get('/no-such-page/at-all');
  expect(res.status()).toBe(404);
  const html = await res.text();
  expect(html).toContain('Page not found');
  expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
  expect(html).toContain('<title>Page not found | DirectMailers</title>');
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
});

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
