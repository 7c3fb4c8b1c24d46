// Keyset paging's answer, one way for every admin list, headers and body together so they cannot disagree:
// - `Link: <…>; rel="next"` on a full page (there may be more behind it), with every filter of this request, so
//   the next page is the same list; a short page is the end and carries no link.
// - `X-Total-Count` when the list knows how many rows match its filters (every page, not this one). Print
//   samples count (the screen's "N Total Requests"); the leads do not: counting a search at a million leads
//   reads every match, which the search is built never to do, and the dashboard's totals come from the stats.
import type { Context } from 'koa';

export function sendPage(
  ctx: Context,
  path: string,
  { limit, before: _before, ...filters }: { limit: number; before?: number | undefined } & Record<string, unknown>,
  page: readonly { id: number }[],
  total?: number,
): void {
  const last = page[page.length - 1];
  if (last && page.length >= limit) {
    const params = new URLSearchParams({ limit: String(limit) });
    for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
    params.set('before', String(last.id));
    ctx.set('Link', `<${path}?${params.toString()}>; rel="next"`);
  }
  if (total !== undefined) ctx.set('X-Total-Count', String(total));
  ctx.body = page;
}
