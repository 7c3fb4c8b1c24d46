// Builds the web app: a server bundle used only here, then the client bundle, during whose output phase
// every public page is prerendered to HTML — before vite-plugin-pwa builds the service worker, so the
// precache lists the real pages. The app shell for /admin, /login and /setup is the unrendered template.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { INLINE_SCRIPT_HASHES_FILE, scriptHashSource } from '../api/src/http/inline-scripts';
import { FORM_PAGE_TEMPLATE_FILE } from '../api/src/http/form-pages';
import { precompress } from './precompress';
import { publicPageSources } from './public-bytes';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = path.join(ROOT, 'web/vite.config.ts');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const SERVER_DIR = path.join(ROOT, 'dist/server');
export const BUILD_STAMP = path.join(ROOT, 'dist/build-stamp.json');
// What a build is made from: when any of these is newer than the stamp, the build is stale.
const BUILD_INPUTS = ['web', 'api/src/contract', 'package-lock.json', 'scripts/build.ts', 'scripts/precompress.ts'];

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
  // Last, once the service worker is written: its precache lists the files, never their .br/.gz copies.
  const packed = await precompress(CLIENT_DIR);
  fs.writeFileSync(BUILD_STAMP, JSON.stringify({ builtAt: new Date().toISOString() }));
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  console.log(`web app built and ${pages} pages prerendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${packed.files} text files precompressed: ${kb(packed.bytes)} → ${kb(packed.brotliBytes)} Brotli, ${kb(packed.gzipBytes)} gzip`);
}

/** 'missing' when there is no build, 'stale' when a source changed since it, null when it is current. */
export function buildStaleness(): 'missing' | 'stale' | null {
  if (!fs.existsSync(BUILD_STAMP)) return 'missing';
  const builtAt = fs.statSync(BUILD_STAMP).mtimeMs;
  return Math.max(...BUILD_INPUTS.map(newestMtime)) > builtAt ? 'stale' : null;
}

function newestMtime(p: string): number {
  const full = path.join(ROOT, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
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
      const pageTemplate = inlineStylesheets(template);
      // The API answers a form posted without script with its page rendered into this: no script in it.
      fs.writeFileSync(path.join(SERVER_DIR, FORM_PAGE_TEMPLATE_FILE), withoutScripts(pageTemplate));
      const bootScript = inlineBootScript();
      // The Content-Security-Policy allows this one inline script by its hash; the server reads it at start.
      fs.writeFileSync(path.join(CLIENT_DIR, INLINE_SCRIPT_HASHES_FILE), JSON.stringify([scriptHashSource(bootScript)]));
      const write = (file: string, page: { html: string; head: string }, source: string | undefined) => {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, bootAtEndOfBody(fill(pageTemplate, page.head, page.html), pageChunks(manifest, source), bootScript));
      };
      for (const route of server.PUBLIC_ROUTES) {
        const file = route.path === '/' ? path.join(CLIENT_DIR, 'index.html') : path.join(CLIENT_DIR, route.path, 'index.html');
        write(file, await server.render(route.path), pageSources.get(route.path));
      }
      write(path.join(CLIENT_DIR, '404.html'), await server.render('/404'), 'src/pages/not-found-page.tsx');
      done(server.PUBLIC_ROUTES.length + 1);
    },
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/**
 * What a public form loads on demand but a page with a form must hold with the rest of its code: the offline
 * outbox, so a visitor whose connection drops once the page is up can still submit and the submission waits on
 * the device. (The form's schema is not needed for that: without it a submission is queued as typed
 * and the server validates it, lib/use-public-form.ts.)
 */
const FORM_NEEDS = /^src\/lib\/outbox\/index\.ts$/;

/** A page's own chunk and its static imports (the client loads them before it hydrates), plus a form's needs. */
function pageChunks(manifest: Record<string, ManifestChunk>, source: string | undefined): string[] {
  if (!source || !manifest[source]) throw new Error(`No chunk for ${source} in the build manifest`);
  const urls: string[] = [];
  const stack = [source];
  const seen = new Set<string>();
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    urls.push(`/${manifest[key].file}`);
    stack.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []).filter((d) => FORM_NEEDS.test(d)));
  }
  return urls;
}

/**
 * A prerendered page starts its script from an inline boot script at the end of its body (web/boot.js): the
 * entry module and every chunk it and the page need move from <script>/<link rel="modulepreload"> tags in
 * the head, which the browser would fetch at once alongside the HTML and the hero on a slow connection, into
 * the boot script's data attributes. The boot script starts them once the first paint is on screen, and the
 * entry runs as an async module, so the document finishes parsing (and a link to /#contact jumps to the form)
 * without waiting for it; the entry waits for the parsed tree.
 */
function bootAtEndOfBody(page: string, ownChunks: string[], bootScript: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(page);
  if (!entry) throw new Error('No module entry script in the template');
  const preloads = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  const chunks = [...new Set([...preloads.map((m) => m[1]!), ...ownChunks])].filter((url) => url !== entry[1]);
  let out = page.replace(entry[0], '');
  for (const [tag] of preloads) out = out.replace(tag, '');
  const boot = `<script data-entry="${entry[1]}" data-preload="${chunks.join(' ')}">${bootScript}</script>`;
  return out.replace('</body>', `  ${boot}\n  </body>`);
}

/** The page template without its module script and preloads. */
function withoutScripts(page: string): string {
  return page.replace(/<script type="module" crossorigin src="[^"]+"><\/script>\s*/g, '').replace(/<link rel="modulepreload" crossorigin href="[^"]+">\s*/g, '');
}

/** web/boot.js as the pages carry it: without its comment lines and indentation, which every page would otherwise repeat. */
function inlineBootScript(): string {
  const source = fs.readFileSync(path.join(ROOT, 'web/boot.js'), 'utf8');
  return source
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .map((line) => line.trim())
    .join('\n');
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

function fill(template: string, head: string, html: string): string {
  return template.replace('<!--app-head-->', head).replace('<!--app-html-->', html);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
