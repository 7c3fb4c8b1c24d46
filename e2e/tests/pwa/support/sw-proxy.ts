// A server of its own for a test that ships a "next version" of the service worker: it passes every request
// through to the e2e server unchanged (same Host, so the server's same-origin checks hold) and answers
// /sw.js itself, from a copy it can change. The built dist/client/sw.js, which other tests' browsers use at
// the same time, is never touched. Its own origin also gives the test a worker registration of its own.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { E2E_PORT } from '../../../../playwright.config';

export interface SwProxy {
  origin: string;
  /** Serves a worker with different bytes from now on, as the next deploy would. */
  shipNextVersion: () => void;
  close: () => Promise<void>;
}

export async function startSwProxy(): Promise<SwProxy> {
  const built = fs.readFileSync(path.resolve('dist/client/sw.js'), 'utf8');
  let worker = built;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && new URL(req.url ?? '/', 'http://x').pathname === '/sw.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' }).end(worker);
      return;
    }
    const upstream = http.request({ host: '127.0.0.1', port: E2E_PORT, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    shipNextVersion: () => {
      worker = `${built}\n// next version ${Date.now()}\n`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
