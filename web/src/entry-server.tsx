// Build-time rendering of the public pages (scripts/build.ts prerenders them); never runs in the server
// process. The route table gives each page its head: title, description and canonical link.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { matchRoute, PUBLIC_ROUTES, NOT_FOUND_ROUTE } from './app/routes';
import { canonicalUrl } from './app/use-page-meta';

export { PUBLIC_ROUTES, NOT_FOUND_ROUTE };

export async function render(url: string): Promise<{ html: string; head: string }> {
  const route = matchRoute(url);
  await route.page.preload();
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  const canonicalPath = route === NOT_FOUND_ROUTE ? '/404' : url;
  const head = [
    `<title>${escapeHtml(route.meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(route.meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonicalUrl(canonicalPath))}" />`,
  ].join('\n    ');
  return { html, head };
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
