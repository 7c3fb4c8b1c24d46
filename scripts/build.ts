// Builds the web app: a server bundle used only here, then the client bundle, during whose output phase
// every public page is prerendered to HTML — before vite-plugin-pwa builds the service worker, so the
// precache lists the real pages. The app shell for /admin, /login and /setup is the unrendered template.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { precompress } from './precompress';

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
      for (const route of server.PUBLIC_ROUTES) {
        const { html, head } = await server.render(route.path);
        const file = route.path === '/' ? path.join(CLIENT_DIR, 'index.html') : path.join(CLIENT_DIR, route.path, 'index.html');
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, fill(template, head, html));
      }
      const notFound = await server.render('/404');
      fs.writeFileSync(path.join(CLIENT_DIR, '404.html'), fill(template, notFound.head, notFound.html));
      done(server.PUBLIC_ROUTES.length + 1);
    },
  };
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
