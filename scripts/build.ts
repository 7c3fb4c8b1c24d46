// Builds the web app: the client bundle, a server bundle used only here, then every public page
// prerendered to HTML (the app shell for /admin, /login and /setup is the unrendered template).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = path.join(ROOT, 'web/vite.config.ts');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const SERVER_DIR = path.join(ROOT, 'dist/server');
export const BUILD_STAMP = path.join(ROOT, 'dist/build-stamp.json');

const APP_SHELL_HEAD = [
  '<title>DirectMailers</title>',
  '<meta name="description" content="DirectMailers staff admin." />',
  '<meta name="robots" content="noindex" />',
].join('\n    ');

export async function buildWeb(): Promise<void> {
  const started = Date.now();
  await build({ configFile: CONFIG, logLevel: 'warn' });
  await build({
    configFile: CONFIG,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: SERVER_DIR, emptyOutDir: true, copyPublicDir: false },
  });

  const template = fs.readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  fs.writeFileSync(path.join(CLIENT_DIR, 'app-shell.html'), fill(template, APP_SHELL_HEAD, ''));

  const server = (await import(pathToFileURL(path.join(SERVER_DIR, 'entry-server.js')).href)) as typeof import('../web/src/entry-server');
  for (const route of server.PUBLIC_ROUTES) {
    const { html, head } = await server.render(route.path);
    const file = route.path === '/' ? path.join(CLIENT_DIR, 'index.html') : path.join(CLIENT_DIR, route.path, 'index.html');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, fill(template, head, html));
  }
  const notFound = await server.render('/404');
  fs.writeFileSync(path.join(CLIENT_DIR, '404.html'), fill(template, notFound.head, notFound.html));
  fs.writeFileSync(BUILD_STAMP, JSON.stringify({ builtAt: new Date().toISOString() }));
  console.log(`web app built and ${server.PUBLIC_ROUTES.length + 1} pages prerendered in ${((Date.now() - started) / 1000).toFixed(1)} s`);
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
