// On PostgreSQL the database's own tools do backups: the scripts say which command to run instead.

export function postgresAdvice(action: 'backup' | 'restore', file: string): string {
  const dump = `pg_dump --format=custom --no-owner --file=${file} "$DATABASE_URL"`;
  const restore = `pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${file}`;
  return action === 'backup'
    ? `DATABASE_URL names a PostgreSQL database: back it up with PostgreSQL's own tool (a consistent snapshot while the server runs):\n  ${dump}\nSee README, "Backups".`
    : `DATABASE_URL names a PostgreSQL database: stop the server, then restore with PostgreSQL's own tool:\n  ${restore}\nSee README, "Backups".`;
}
