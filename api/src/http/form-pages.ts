// The pages the API answers a public form posted without script with, rendered by the web app's own server
// bundle (dist/server/entry-server.js, the one that prerenders the public pages at build time) into the page
// template the build leaves beside it: the same HTML as the prerendered page, without its script, so the
// answer works as a page with no script at all and its form posts again the same way.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The template the build writes into dist/server: the public pages' HTML shell with no script in it. */
export const FORM_PAGE_TEMPLATE_FILE = 'form-page.html';

/** What a form shows in the answer (web/src/lib/form-echo.tsx). */
export interface FormEcho {
  form: 'lead' | 'sample';
  values: Record<string, string>;
  errors: Record<string, string>;
  failed?: boolean;
}

interface ServerBundle {
  render: (url: string, echo: FormEcho | null) => Promise<{ html: string; head: string }>;
}

const bundles = new Map<string, Promise<{ bundle: ServerBundle; template: string }>>();

function load(webDistDir: string) {
  let loaded = bundles.get(webDistDir);
  if (!loaded) {
    const serverDir = path.join(webDistDir, '..', 'server');
    loaded = (async () => {
      const template = await fs.promises.readFile(path.join(serverDir, FORM_PAGE_TEMPLATE_FILE), 'utf8');
      const bundle = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerBundle;
      return { bundle, template };
    })();
    // A missing build is retried on the next post rather than remembered.
    loaded.catch(() => bundles.delete(webDistDir));
    bundles.set(webDistDir, loaded);
  }
  return loaded;
}

/** The page at `url` with the form filled in as `echo` says. */
export async function renderFormPage(webDistDir: string, url: string, echo: FormEcho): Promise<string> {
  const { bundle, template } = await load(webDistDir);
  const page = await bundle.render(url, echo);
  return template.replace('<!--app-head-->', page.head).replace('<!--app-html-->', page.html);
}
