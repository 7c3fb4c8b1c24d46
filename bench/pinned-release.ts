// An earlier release of the product, run beside today's in the same bench run, so a regression in intake shows as
// a difference measured minutes apart on the same machine, not against a figure from another day. The release is
// the last one before the no-script forms, the quarantine and the live desk (2,786 leads/s on SQLite when it
// was current, issue "Run it at scale"). Its files are taken from git (`git archive`) into a temp directory once
// and run with today's node_modules: its own bench/serve.ts, its own migrations, on a database of its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from './server-process';

/**
 * BENCH_RELEASE names other commits to compare with, separated by commas (the main of a morning, to see what a
 * day's work changed; a change's parent and the change itself, to see what it cost): each gets its row.
 */
export const PINNED_RELEASES = (process.env.BENCH_RELEASE ?? 'c5364b2').split(',').map((c) => c.trim()).filter(Boolean);

/** The pinned release's server on `databaseUrl`, or null (with the reason) when this checkout cannot give it. */
export async function startPinnedRelease(release: string, databaseUrl: string): Promise<ServerProcess | { missing: string }> {
  const repo = path.join(import.meta.dirname, '..');
  const root = path.join(os.tmpdir(), `dm-release-${release.replace(/[^\w.-]/g, '_')}`);
  try {
    if (!fs.existsSync(path.join(root, 'bench', 'serve.ts'))) {
      fs.rmSync(root, { recursive: true, force: true });
      fs.mkdirSync(root, { recursive: true });
      const archive = execFileSync('git', ['-C', repo, 'archive', release], { maxBuffer: 512 * 1024 * 1024 });
      execFileSync('tar', ['-x', '-C', root], { input: archive });
      fs.symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    }
  } catch (err) {
    return { missing: `release ${release} not available from git here (${(err as Error).message.split('\n')[0]})` };
  }
  let extraEnv: Record<string, string> = {};
  try {
    extraEnv = driversMissingToday(root, repo);
  } catch (err) {
    return { missing: `release ${release}'s SQLite driver could not be installed for the bench (${(err as Error).message.split('\n')[0]})` };
  }
  return startServer('app', databaseUrl, extraEnv, root);
}

/**
 * Releases before the SQLite thread drove SQLite through node-sqlite3 (the `sqlite3` package), which the product no
 * longer installs (two copies of SQLite in one process corrupt a file: docs/architecture.md, "Data"). Such a release
 * gets the version it names, installed once into a folder of the bench's own beside the releases, and found through
 * NODE_PATH (Knex requires its driver the CommonJS way, which looks there). Nothing of it reaches today's code.
 */
function driversMissingToday(root: string, repo: string): Record<string, string> {
  const wanted = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies?.sqlite3;
  if (!wanted || fs.existsSync(path.join(repo, 'node_modules', 'sqlite3'))) return {};
  const folder = path.join(os.tmpdir(), `dm-bench-sqlite3-${wanted.replace(/[^\w.-]/g, '_')}`);
  if (!fs.existsSync(path.join(folder, 'node_modules', 'sqlite3', 'package.json'))) {
    fs.mkdirSync(folder, { recursive: true });
    // npm 11 runs a package's install script (sqlite3 builds its addon) only when the project allows it.
    fs.writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ private: true, allowScripts: { sqlite3: true } }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--prefix', folder, `sqlite3@${wanted}`], { stdio: 'inherit' });
  }
  return { NODE_PATH: path.join(folder, 'node_modules') };
}
