// Reads Vite's build manifest (web/vite.config.ts: build.manifest) to tell admin code from public code:
// an admin chunk is one reachable from an admin page's module and not from any public page.
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
const ADMIN_SOURCE = /^src\/(pages\/admin\/|features\/admin-)/;

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

/** `/assets/…` URLs of every chunk that holds admin code only. */
export function adminOnlyAssetUrls(manifest: Manifest): Set<string> {
  const isAdmin = (key: string) => ADMIN_SOURCE.test(manifest[key]?.src ?? key);
  const adminEntries = Object.keys(manifest).filter(isAdmin);
  const publicReach = reach(manifest, ['index.html'], isAdmin);
  const adminReach = reach(manifest, adminEntries, () => false);
  const urls = new Set<string>();
  for (const key of adminReach) {
    if (publicReach.has(key)) continue;
    urls.add(`/${manifest[key]!.file}`);
    for (const css of manifest[key]!.css ?? []) urls.add(`/${css}`);
  }
  return urls;
}
