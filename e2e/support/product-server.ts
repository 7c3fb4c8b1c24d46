// A product server of a test's own: the same process as the e2e server (e2e/support/serve.ts, i.e. what
// `npm start` runs) on a free port with a fresh SQLite file and the settings the test gives it — for tests
// that need the product configured differently from the shared e2e server (e.g. connected to a fake CRM).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../api/src/testing/local-processes';

export interface ProductServer {
  url: string;
  /** The server's SQLite file, for the project's own commands (e2e/support/cli.ts). */
  database: string;
  stop: () => Promise<void>;
}

export async function startProductServer(env: Record<string, string>): Promise<ProductServer> {
  // A test that restarts its server passes the port (and so the database) of the one it stopped.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const database = `test-results/e2e-own-${port}.sqlite`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('e2e/support/serve.ts')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: database, RATE_LIMIT: 'off', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`product server exited with ${code} before answering:\n${stderr}`))),
  );
  const url = `http://127.0.0.1:${port}`;
  const healthy = (async () => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
      if (ok) return;
    }
    throw new Error(`product server on ${url} did not answer /api/health within 30 s:\n${stderr}`);
  })();
  try {
    await Promise.race([healthy, exited]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  exited.catch(() => undefined);
  return {
    url,
    database,
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
