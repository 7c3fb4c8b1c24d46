// The e2e server: a fresh database file, then exactly the process `npm start` runs (the build is done first
// by `npm run test:e2e`).
import fs from 'node:fs';
import path from 'node:path';

const file = path.resolve(process.env.DATABASE_URL ?? 'test-results/e2e.sqlite');
fs.mkdirSync(path.dirname(file), { recursive: true });
// A restart within a test (E2E_KEEP_DATABASE=1) comes back to the database it left.
if (!process.env.E2E_KEEP_DATABASE) for (const suffix of ['', '-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
// Messages saved without SMTP_URL go beside the database, never into the data folder.
process.env.MAIL_DIR ??= `${file.replace(/\.sqlite$/, '')}-mail`;
await import('../../api/src/server');
