// Keyset paging's answer headers, one way for every admin list: a full page may have more behind it, so it
// links to the next one with every filter of this one; a short page is the end and carries no link.
import type { Context } from 'koa';

export function setNextPageLink(
  ctx: Context,
  path: string,
  { limit, before: _before, ...filters }: { limit: number; before?: number | undefined } & Record<string, unknown>,
  page: readonly { id: number }[],
): void {
  const last = page[page.length - 1];
  if (!last || page.length < limit) return;
  const params = new URLSearchParams({ limit: String(limit) });
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
  params.set('before', String(last.id));
  ctx.set('Link', `<${path}?${params.toString()}>; rel="next"`);
}
