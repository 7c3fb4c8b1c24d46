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

/** What a browser's form post refused before its fields were read (too large, an encoding we do not read) says. */
const REFUSALS: Record<413 | 415, string> = {
  413: 'It is longer than we can take (32 KB at most). Go back, shorten the message and send it again.',
  415: 'Your browser sent it in a form we cannot read. Go back and send it again.',
};

/**
 * The page a browser's form post gets when it was refused before its fields could be read (413, 415): the
 * form's failure wording, why, and a link back to the page it came from. The browser's own Back keeps what was
 * typed. Built from the same template (and its inlined stylesheet) as the other form answers, with no script.
 */
export async function renderFormRefusalPage(webDistDir: string, status: 413 | 415, backPath: string): Promise<string> {
  const { template } = await load(webDistDir);
  const html =
    '<main id="main"><section class="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:py-28">' +
    '<h1 class="text-4xl font-extrabold tracking-tight text-slate-900">Failed to submit form. Please try again.</h1>' +
    `<p class="mt-4 text-lg text-slate-600">${REFUSALS[status]}</p>` +
    `<a class="mt-8 inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-base font-semibold text-white hover:bg-brand-800" href="${escapeHtml(backPath)}">Back to the form</a>` +
    '</section></main>';
  return template.replace('<!--app-head-->', '<title>Not sent | DirectMailers</title><meta name="robots" content="noindex">').replace('<!--app-html-->', html);
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
