// Knex's SQLite compiler, with a statement's LIMIT written into its text instead of bound as `limit ?`.
//
// SQLite (3.53, the version better-sqlite3 12 builds) plans with the value bound to a LIMIT, so binding one marks
// the prepared statement expired and its next run parses and plans it again: every run, since each run binds.
// `.first()` is `limit ?` with 1, so every read of one row paid for a fresh prepare: the staff session read in front
// of every staff request took 14 µs instead of 2.6 on a quiet machine, and under a capture load SQLite's parser and
// planner were a tenth of the event loop's time (docs/performance.md, Log, fourteenth session). An OFFSET binds
// without it, and stays bound: its values vary, and each text is a statement kept in the caches.
//
// Knex takes a limit only as a whole number (`.limit()` parses it and refuses a negative one), so the text holds
// nothing a client wrote; anything else is left to Knex as it was.
import SqliteQueryCompiler from 'knex/lib/dialects/sqlite3/query/sqlite-querycompiler.js';

export class LiteralLimitCompiler extends SqliteQueryCompiler {
  override limit(): string {
    const { limit, offset } = this.single;
    const noLimit = !limit && limit !== 0;
    if (noLimit && !offset) return '';
    // An offset alone needs a limit in SQLite; -1 is "no limit", as Knex writes it.
    const value = noLimit ? -1 : limit;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return `limit ${value}`;
    return super.limit();
  }
}
