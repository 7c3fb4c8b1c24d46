// Every public route is served prerendered: status, one h1, title, description and canonical in the HTML
// the server sends; unknown paths get HTTP 404 and the 404 page. (Hydration in the browser is checked
// in pages-at-both-widths.spec.ts, which loads every page anyway.)
import { expect, test } from '@playwright/test';
import { notFoundMeta, publicRoutes } from '../../pages/public-routes';

test.describe.configure({ mode: 'parallel' });

function attr(html: string, pattern: RegExp): string | undefined {
  return pattern.exec(html)?.[1];
}

for (const route of publicRoutes) {
  test(`${route.path} - served prerendered with one h1, title, description and canonical`, async ({ request }) => {
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
  });
}

test('unknown path - HTTP 404 with the 404 page, its h1 and head', async ({ request }) => {
  const res = await request.get('/no-such-page/at-all');
  expect(res.status()).toBe(404);
  const html = await res.text();
  expect(html).toContain('Page not found');
  expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
  expect(html).toContain(`<title>${escapeHtml(notFoundMeta.title)}</title>`);
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toMatch(/<link rel="canonical" href="[^"]+"/);
});

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
