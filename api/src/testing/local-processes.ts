// Ports and processes of this machine, for tests that start real servers and commands: a free port to give one,
// whether a port or a process is still there after a stop, and the processes a command started.
import fs from 'node:fs';
import net from 'node:net';

/** A port nothing listens on now (the kernel's pick, released at once for the caller to take). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** True while something accepts connections on the port. */
export const portTaken = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** True while the process exists (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The direct children of a process, read from /proc (Linux). */
export function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

/** The process and every process under it. */
export function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}
