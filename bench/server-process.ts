// Starts bench/serve.ts in a child process and waits for the port it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { freePort } from '../api/src/testing/local-processes';

export interface ServerProcess {
  baseUrl: string;
  /** The process id, for reading its memory. */
  pid: number;
  stop: () => Promise<void>;
}

/** `root`: the checkout whose bench/serve.ts runs (another release's, for a figure beside today's: pinned-release.ts). */
export async function startServer(mode: 'app' | 'bare' | 'koa', databaseUrl?: string, extraEnv: Record<string, string> = {}, root = path.join(import.meta.dirname, '..')): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', path.join(root, 'bench', 'serve.ts'), mode], {
    cwd: root,
    env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), NODE_ENV: 'production', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () => stopChild(child),
  };
}

/**
 * The product as an operator runs it (api/src/server.ts, what `npm start` serves), with WEB_CONCURRENCY workers:
 * its own port, the rate limit off and a quiet log; answers once /readyz says every part is ready.
 */
export async function startProduct(databaseUrl: string, concurrency: number): Promise<ServerProcess> {
  const port = await freePort();
  const root = path.join(import.meta.dirname, '..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'api', 'src', 'server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      WEB_CONCURRENCY: String(concurrency),
      RATE_LIMIT: 'off',
      LOG_LEVEL: 'silent',
      SESSION_SECRET: 'bench-session-secret-bench-session-secret-0123',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`product server exited with ${code}`))));
  const ready = (async () => {
    for (;;) {
      const ok = await fetch(`${baseUrl}/readyz`).then((r) => r.ok, () => false);
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  await Promise.race([ready, exited]);
  return {
    baseUrl,
    pid: child.pid!,
    stop: () => stopChild(child),
  };
}

/** Ends a server child with SIGTERM (it drains and exits; a --cpu-prof run writes its profile) and waits for it. */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
