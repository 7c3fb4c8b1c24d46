// On PostgreSQL the database's own tools do backups: the scripts say which command to run instead. The command is
// meant to be pasted into a shell as printed, so the file name is quoted for the shell, and the dump is written
// under `umask 077`: it holds every lead and must be as private as the database (pg_dump itself uses the umask).

/** `value` as one shell word, whatever it holds (spaces, quotes, `$`). */
function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export function postgresAdvice(action: 'backup' | 'restore', file: string): string {
  const dump = `(umask 077 && pg_dump --format=custom --no-owner --file=${shellQuote(file)} "$DATABASE_URL")`;
  const restore = `pg_restore --clean --if-exists --no-owner --single-transaction --dbname="$DATABASE_URL" ${shellQuote(file)}`;
  return action === 'backup'
    ? `DATABASE_URL names a PostgreSQL database: back it up with PostgreSQL's own tool (a consistent snapshot while the server runs; the dump is made 0600):\n  ${dump}\nSee README, "Backups".`
    : `DATABASE_URL names a PostgreSQL database: stop the server, then restore with PostgreSQL's own tool:\n  ${restore}\nSee README, "Backups".`;
}
