// Refuses code outside api/src/db that asks which database engine it runs on (`isPostgres`, or the Knex
// client's `client.config`): each engine difference has one named helper in api/src/db/dialect.ts, so no
// module, test, bench or script branches on the engine by itself. dependency-cruiser already refuses imports
// of api/src/db/engine.ts elsewhere; this also catches a question asked without that import. Part of
// `npm run lint`.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', '.git', 'data']);
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;
const ALLOWED = path.join('api', 'src', 'db') + path.sep;
const SELF = path.relative(ROOT, import.meta.filename);
const ENGINE_QUESTION = /\bisPostgres\b|\bclient\.config\b/;

function codeFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...codeFiles(full));
    else if (CODE.test(entry.name)) found.push(path.relative(ROOT, full));
  }
  return found;
}

const offences = codeFiles(ROOT)
  .filter((file) => !file.startsWith(ALLOWED) && file !== SELF)
  .flatMap((file) =>
    fs
      .readFileSync(path.join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (ENGINE_QUESTION.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
if (offences.length) {
  console.error(`Only api/src/db may ask which engine it is on (use a named helper of api/src/db/dialect.ts):\n  ${offences.join('\n  ')}`);
  process.exit(1);
}
console.log('no engine questions outside api/src/db');
