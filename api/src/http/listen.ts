// Listening on a port, for the product's server and the metrics listener.
import type http from 'node:http';

/** A port another process holds is the operator's to resolve: one line saying so, not a stack trace. */
export class PortInUseError extends Error {}

export function listen(server: http.Server, port: number, host: string, setting = 'PORT'): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(`Port ${port} is in use: stop the other process or set ${setting}`) : err);
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}
