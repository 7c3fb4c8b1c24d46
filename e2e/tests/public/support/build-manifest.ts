// Reads Vite's build manifest (web/vite.config.ts: build.manifest) to tell staff code from public code:
// a staff chunk is one reachable from an admin page, the event capture (with its scanner) or the chart
// library, and not from any public page.
import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const MANIFEST = path.resolve(import.meta.dirname, '../../../../dist/client/.vite/manifest.json');
const STAFF_SOURCE = /^src\/(pages\/admin\/|features\/(admin-|event-capture))|\/node_modules\/uplot\//;

/** Chunk names that mark staff code: a public page loading one of these is loading the wrong thing. */
export const STAFF_CHUNK_NAME = /admin|chart|uplot|capture|scanner|dashboard/i;

/** The hashed file the build made from a source module, e.g. `index.html` → `/assets/index-….js`. */
export function assetUrlOf(manifest: Manifest, key: string): string {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The build manifest has no ${key}`);
  return `/${chunk.file}`;
}

export function readManifest(): Manifest {
  if (!fs.existsSync(MANIFEST)) throw new Error(`No build manifest at ${MANIFEST}: run \`npx tsx scripts/build.ts\` first.`);
  return JSON.parse(fs.readFileSync(MANIFEST, 'utf8')) as Manifest;
}

function reach(manifest: Manifest, starts: string[], skip: (key: string) => boolean): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || skip(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? []));
  }
  return seen;
}

/** `/assets/…` URLs of every chunk that holds staff code only (admin, capture, scanner, charts). */
export function staffOnlyAssetUrls(manifest: Manifest): Set<string> {
  const isStaff = (key: string) => STAFF_SOURCE.test(manifest[key]?.src ?? key);
  const staffEntries = Object.keys(manifest).filter(isStaff);
  const publicReach = reach(manifest, ['index.html'], isStaff);
  const staffReach = reach(manifest, staffEntries, () => false);
  const urls = new Set<string>();
  for (const key of staffReach) {
    if (publicReach.has(key)) continue;
    urls.add(`/${manifest[key]!.file}`);
    for (const css of manifest[key]!.css ?? []) urls.add(`/${css}`);
  }
  return urls;
}
