// The admin's lists are paged by the server: a full page names the next one in its
// `Link: <…>; rel="next"` header, and the last page has none.

/**
 * The query string of the `rel="next"` target. Only its query is kept: the path is ours, and an absolute
 * URL built by a server behind a proxy may name a host the browser cannot reach.
 */
export function nextPageQuery(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /\brel="?next"?/i.test(match[2] ?? '')) {
      return new URL(match[1] ?? '', 'http://placeholder.invalid').searchParams.toString();
    }
  }
  return null;
}
