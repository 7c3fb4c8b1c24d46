// Where the bench keeps its data: a SQLite file in a temp directory, or, with BENCH_DATABASE_URL set to a
// PostgreSQL server, a throwaway database created on it and dropped afterwards.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knexFactory from 'knex';
import { knexConfig, isPostgresUrl } from '../api/src/db/knex';

export interface BenchDb {
  engine: 'sqlite' | 'postgres';
  url: string;
  drop: () => Promise<void>;
}

export type BenchEngine = BenchDb['engine'];

/** SQLite always; PostgreSQL too when BENCH_DATABASE_URL names a server. */
export function benchEngines(): BenchEngine[] {
  return isPostgresUrl(process.env.BENCH_DATABASE_URL) ? ['sqlite', 'postgres'] : ['sqlite'];
}

export async function createBenchDb(label: string, engine: BenchEngine = benchEngines().at(-1)!): Promise<BenchDb> {
  const server = process.env.BENCH_DATABASE_URL;
  if (engine === 'postgres') {
    if (!isPostgresUrl(server)) throw new Error('BENCH_DATABASE_URL must name a PostgreSQL server');
    const name = `dm_bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
    const admin = knexFactory(knexConfig(server));
    await admin.raw(`create database ${name}`);
    await admin.destroy();
    const url = new URL(server);
    url.pathname = `/${name}`;
    return {
      engine: 'postgres',
      url: url.toString(),
      drop: async () => {
        const again = knexFactory(knexConfig(server));
        await again.raw(`drop database if exists ${name} with (force)`);
        await again.destroy();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `dm-bench-${label}-`));
  return {
    engine: 'sqlite',
    url: path.join(dir, 'bench.sqlite'),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/**
 * PostgreSQL's statistics, as autovacuum would have them within a minute of a new database's first rows. A bench
 * database is minutes old and has never been analysed, and then PostgreSQL plans a look-up by event and e-mail on
 * the event alone and reads every lead of it (a capture batch's look-up of its people: 3.8 ms, 0.08 analysed; the
 * captures' rate 10 % lower, docs/performance.md, Log, fourteenth session). SQLite keeps no statistics unless asked.
 */
export async function analyseAsAutovacuumWould(db: BenchDb): Promise<void> {
  if (db.engine !== 'postgres') return;
  const knex = knexFactory(knexConfig(db.url));
  try {
    await knex.raw('analyze');
  } finally {
    await knex.destroy();
  }
}
