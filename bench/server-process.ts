// Starts bench/serve.ts in a child process and waits for the port it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

export interface ServerProcess {
  baseUrl: string;
  /** The process id, for reading its memory. */
  pid: number;
  stop: () => Promise<void>;
}

export async function startServer(mode: 'app' | 'bare' | 'koa', databaseUrl?: string): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, [...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', path.join(import.meta.dirname, 'serve.ts'), mode], {
    env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), NODE_ENV: 'production' },
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
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
