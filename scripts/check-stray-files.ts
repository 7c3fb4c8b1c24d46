// Refuses files that look like leftovers of an experiment (`*-tmp.*`, `*.tmp`, `tmp-*`) anywhere in the
// repository's own folders: a scratch file is easily committed along with an unrelated change. Part of
// `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.git', 'data']);
const STRAY = /(^|[-.])tmp([-.]|$)/i;

function strayFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...strayFiles(full));
    else if (STRAY.test(entry.name)) found.push(path.relative(ROOT, full));
  }
  return found;
}

const stray = strayFiles(ROOT);
if (stray.length) {
  console.error(`Stray files (experiments do not belong in the repository):\n  ${stray.join('\n  ')}`);
  process.exit(1);
}
console.log('no stray files');
