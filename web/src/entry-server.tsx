// Server rendering of the public pages. At build time scripts/build.ts prerenders every page with `render`. At
// request time the API renders one with `render(url, echo)` to answer a public form posted without script:
// the page again, the form filled in with what was typed and the messages beside the refused fields
// (api/src/http/form-pages.ts). The route table gives each page its head: title, description, canonical link.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/App';
import { matchRoute, PUBLIC_ROUTES, NOT_FOUND_ROUTE } from './app/routes';
import { canonicalUrl } from './app/use-page-meta';
import { FormEchoProvider, type FormEcho } from './lib/form-echo';

export { PUBLIC_ROUTES, NOT_FOUND_ROUTE };
export type { FormEcho };

export async function render(url: string, echo: FormEcho | null = null): Promise<{ html: string; head: string }> {
  const route = matchRoute(url);
  await route.page.preload();
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <FormEchoProvider echo={echo}>
          <App />
        </FormEchoProvider>
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
