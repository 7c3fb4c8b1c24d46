// `npm start`: build the web app when the build is missing or older than its sources, then serve.
import fs from 'node:fs';
import path from 'node:path';
import { BUILD_STAMP, buildWeb } from './build';

const ROOT = path.resolve(import.meta.dirname, '..');
const INPUTS = ['web', 'api/src/contract', 'package-lock.json', 'scripts/build.ts'];

function newestMtime(p: string): number {
  const full = path.join(ROOT, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(BUILD_STAMP) ? fs.statSync(BUILD_STAMP).mtimeMs : 0;
const sourcesAt = Math.max(...INPUTS.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'web sources changed since the last build: rebuilding…' : 'no web build yet: building…');
  await buildWeb();
}
await import('../api/src/server');
