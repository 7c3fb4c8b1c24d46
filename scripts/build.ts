// Builds the web app: a server bundle used only here, then the client bundle, during whose output phase
// every public page is prerendered to HTML — before vite-plugin-pwa builds the service worker, so the
// precache lists the real pages. The app shell for /admin, /login and /setup is the unrendered template.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { publicPageSources } from './public-bytes';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = path.join(ROOT, 'web/vite.config.ts');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const SERVER_DIR = path.join(ROOT, 'dist/server');
export const BUILD_STAMP = path.join(ROOT, 'dist/build-stamp.json');

const APP_SHELL_HEAD = [
  '<title>DirectMailers Admin</title>',
  '<meta name="description" content="DirectMailers staff admin." />',
  '<meta name="robots" content="noindex" />',
].join('\n    ');

export async function buildWeb(): Promise<void> {
  const started = Date.now();
  await build({
    configFile: CONFIG,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: SERVER_DIR, emptyOutDir: true, copyPublicDir: false, manifest: false },
  });
  let pages = 0;
  await build({ configFile: CONFIG, logLevel: 'warn', plugins: [prerender((n) => (pages = n))] });
  fs.writeFileSync(BUILD_STAMP, JSON.stringify({ builtAt: new Date().toISOString() }));
  console.log(`web app built and ${pages} pages prerendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

function prerender(done: (pages: number) => void): Plugin {
  return {
    name: 'dm-prerender',
    apply: 'build',
    async writeBundle() {
      const template = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
      // The admin shell is the admin app: it links the admin manifest (name, start URL /admin, shortcuts).
      const shell = fill(template, APP_SHELL_HEAD, '').replace('/manifest.webmanifest', '/admin.webmanifest');
      fs.writeFileSync(path.join(CLIENT_DIR, 'app-shell.html'), shell);

      const server = (await import(pathToFileURL(path.join(SERVER_DIR, 'entry-server.js')).href)) as typeof import('../web/src/entry-server');
      const manifest = readManifest();
      const pageSources = new Map(publicPageSources().map((p) => [p.path, p.source]));
      const pageTemplate = asyncEntry(inlineStylesheets(template));
      for (const route of server.PUBLIC_ROUTES) {
        const { html, head } = await server.render(route.path);
        const file = route.path === '/' ? path.join(CLIENT_DIR, 'index.html') : path.join(CLIENT_DIR, route.path, 'index.html');
        fs.mkdirSync(path.dirname(file), { recursive: true });
        const preloads = modulePreloads(manifest, pageSources.get(route.path), template);
        fs.writeFileSync(file, fill(pageTemplate, [head, ...preloads].join('\n    '), html));
      }
      const notFound = await server.render('/404');
      const notFoundPreloads = modulePreloads(manifest, 'src/pages/not-found-page.tsx', template);
      fs.writeFileSync(path.join(CLIENT_DIR, '404.html'), fill(pageTemplate, [notFound.head, ...notFoundPreloads].join('\n    '), notFound.html));
      done(server.PUBLIC_ROUTES.length + 1);
    },
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * modulepreload links for a page's own chunk and its static imports: the client loads them before it
 * hydrates, and without these it would find them only after the entry script ran, one round trip later.
 */
function modulePreloads(manifest: Record<string, ManifestChunk>, source: string | undefined, template: string): string[] {
  if (!source || !manifest[source]) throw new Error(`No chunk for ${source} in the build manifest`);
  const urls: string[] = [];
  const stack = [source];
  const seen = new Set<string>();
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    const url = `/${manifest[key].file}`;
    if (!template.includes(`"${url}"`)) urls.push(url);
    stack.push(...(manifest[key].imports ?? []));
  }
  return urls.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`);
}

/**
 * The site's stylesheet inlined into each prerendered page: the first paint waits for no second request
 * (it is about 7 KB compressed, smaller than the round trip it saves on a slow connection). The app shell
 * keeps the link: staff screens are not prerendered and load their own styles anyway.
 */
function inlineStylesheets(template: string): string {
  return template.replace(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g, (_tag, href: string) => {
    const css = fs.readFileSync(path.join(CLIENT_DIR, href), 'utf8');
    return `<style data-href="${href}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

/**
 * The entry script of a prerendered page runs `async`: the document finishes parsing (DOMContentLoaded, and
 * with it the jump to a #fragment such as /#contact) without waiting for the script, which on a slow
 * connection arrives seconds after the page is readable. The entry waits for the parsed tree itself.
 */
function asyncEntry(template: string): string {
  const tag = /<script type="module" crossorigin src="/;
  if (!tag.test(template)) throw new Error('No module entry script in the template');
  return template.replace(tag, '<script type="module" async crossorigin src="');
}

function fill(template: string, head: string, html: string): string {
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
