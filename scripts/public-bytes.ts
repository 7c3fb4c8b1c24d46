// The JavaScript and CSS a first visit to each public page loads before it is interactive, in Brotli bytes
// (quality 11, as the server's precompressed assets), computed from the production build alone: the
// prerendered page's <script>, modulepreload and stylesheet tags (or the boot script's list of them), plus
// the route's page chunk (the client
// loads it before hydrating), each closed over its static imports and CSS in Vite's manifest. A stylesheet
// inlined into the page (<style>) counts as CSS, compressed on its own. Code that
// loads later (on idle or on a first tap) is not counted: it does not delay the first paint or hydration.
//
//   npx tsx scripts/public-bytes.ts          a table
//   npx tsx scripts/public-bytes.ts --json   the figures as JSON
//
// Tests can import publicFirstLoadBytes() to hold each route to a budget.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT_DIR = path.join(ROOT, 'dist/client');
const ROUTES_SOURCE = path.join(ROOT, 'web/src/app/routes.tsx');

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBytes {
  route: string;
  /** `/assets/…` URLs of the JavaScript and CSS the first load needs. */
  js: string[];
  css: string[];
  jsBrotli: number;
  cssBrotli: number;
  jsRaw: number;
  cssRaw: number;
  /** The part of the CSS inlined into the page's HTML. */
  cssInlineBrotli: number;
}

/** Public paths and the page module each shows, read from the route table's source. */
export function publicPageSources(): { path: string; source: string }[] {
  const text = fs.readFileSync(ROUTES_SOURCE, 'utf8');
  const publicBlock = text.slice(text.indexOf('export const PUBLIC_ROUTES'), text.indexOf('export const NOT_FOUND_ROUTE'));
  const pairs = [...publicBlock.matchAll(/path:\s*'([^']+)'[\s\S]*?import\('\.\.\/(pages\/[^']+)'\)/g)];
  return pairs.map(([, route, page]) => ({ path: route!, source: `src/${page}.tsx` }));
}

function prerenderedFile(route: string): string {
  return route === '/' ? path.join(CLIENT_DIR, 'index.html') : path.join(CLIENT_DIR, route, 'index.html');
}

/** `/assets/…` URLs the page's HTML asks for: module scripts, module preloads and stylesheets. */
function htmlAssetUrls(html: string): { js: string[]; css: string[]; inlineCss: string[]; inlinedHrefs: string[] } {
  const styles = [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];
  const inlineCss = styles.map((m) => m[2]!);
  // The build marks a stylesheet it inlined with the file's URL: that file is not fetched.
  const inlinedHrefs = styles.map((m) => /data-href="([^"]+)"/.exec(m[1]!)?.[1]).filter((href): href is string => !!href);
  const js: string[] = [];
  const css: string[] = [];
  for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    // A page that starts its script after the first paint names the entry and its chunks in the boot
    // script's data attributes (scripts/build.ts): those are fetched by the first load all the same.
    const bootEntry = /\bdata-entry="([^"]+)"/.exec(tag)?.[1];
    if (bootEntry) js.push(bootEntry, ...(/\bdata-preload="([^"]*)"/.exec(tag)?.[1] ?? '').split(' ').filter(Boolean));
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || !url.startsWith('/assets/')) continue;
    if (tag.startsWith('<script') && /type="module"/.test(tag)) js.push(url);
    else if (/rel="modulepreload"/.test(tag)) js.push(url);
    else if (/rel="stylesheet"/.test(tag)) css.push(url);
  }
  return { js, css, inlineCss, inlinedHrefs };
}

function brotli(body: Buffer): number {
  return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }).length;
}

const brotliCache = new Map<string, { raw: number; br: number }>();
function sizes(url: string): { raw: number; br: number } {
  let entry = brotliCache.get(url);
  if (!entry) {
    const body = fs.readFileSync(path.join(CLIENT_DIR, url));
    entry = { raw: body.length, br: brotli(body) };
    brotliCache.set(url, entry);
  }
  return entry;
}

export function readManifest(): Manifest {
  const file = path.join(CLIENT_DIR, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No build manifest at ${file}: run \`npm run build\` first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

export function publicFirstLoadBytes(manifest: Manifest = readManifest()): RouteBytes[] {
  const keyByUrl = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  return publicPageSources().map(({ path: route, source }) => {
    const html = fs.readFileSync(prerenderedFile(route), 'utf8');
    const fromHtml = htmlAssetUrls(html);
    const js = new Set<string>();
    const css = new Set<string>(fromHtml.css);
    const stack = [...fromHtml.js.map((url) => keyByUrl.get(url) ?? url), source];
    while (stack.length) {
      const key = stack.pop()!;
      const chunk = manifest[key];
      if (!chunk) {
        if (key.startsWith('/assets/')) js.add(key); // in the HTML but not in the manifest: count it anyway
        continue;
      }
      const url = `/${chunk.file}`;
      if (js.has(url)) continue;
      js.add(url);
      for (const file of chunk.css ?? []) if (!fromHtml.inlinedHrefs.includes(`/${file}`)) css.add(`/${file}`);
      stack.push(...(chunk.imports ?? []));
    }
    const sum = (urls: Set<string>, key: 'raw' | 'br') => [...urls].reduce((n, url) => n + sizes(url)[key], 0);
    const inline = fromHtml.inlineCss.map((text) => Buffer.from(text));
    const cssInlineBrotli = inline.reduce((n, body) => n + brotli(body), 0);
    return {
      route,
      js: [...js].sort(),
      css: [...css].sort(),
      jsBrotli: sum(js, 'br'),
      cssBrotli: sum(css, 'br') + cssInlineBrotli,
      jsRaw: sum(js, 'raw'),
      cssRaw: sum(css, 'raw') + inline.reduce((n, body) => n + body.length, 0),
      cssInlineBrotli,
    };
  });
}

function table(rows: RouteBytes[]): string {
  const kb = (n: number) => (n / 1024).toFixed(1);
  const head = 'route                     JS files  JS KB br  JS KB raw  CSS KB br  CSS KB raw  (CSS inlined, KB br)';
  const lines = rows.map((r) =>
    [r.route.padEnd(24), String(r.js.length).padStart(9), kb(r.jsBrotli).padStart(9), kb(r.jsRaw).padStart(10), kb(r.cssBrotli).padStart(10), kb(r.cssRaw).padStart(11), kb(r.cssInlineBrotli).padStart(21)].join(' '),
  );
  return [head, ...lines].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = publicFirstLoadBytes();
  if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else console.log(`First load of each public page, Brotli quality 11\n${table(rows)}`);
}
