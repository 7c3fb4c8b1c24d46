// The controls in a page's own content (its <main>) that open the lead dialog, found from the page itself:
// before the page's script runs, every one of them is a link to the landing page's lead form (LEAD_FORM_HREF),
// so the prerendered HTML lists them all. A button added to a page tomorrow is found and tested the same way.
import type { APIRequestContext } from '@playwright/test';
import { LEAD_FORM_HREF } from '../../../../web/src/lib/site-config';

/** The labels of the page's lead controls, each as often as it appears, in page order. */
export async function leadTriggersOf(request: APIRequestContext, path: string): Promise<string[]> {
  const res = await request.get(path);
  const html = await res.text();
  const start = html.indexOf('<main');
  const main = start < 0 ? '' : html.slice(start, html.indexOf('</main>', start));
  const href = LEAD_FORM_HREF.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return [...main.matchAll(new RegExp(`<a\\b[^>]*href="${href}"[^>]*>([\\s\\S]*?)</a>`, 'g'))].map((m) =>
    m[1]!.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/\s+/g, ' ').trim(),
  );
}

/** How many of each label. */
export function countByLabel(labels: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return counts;
}
