// The network between a browser and the product, which a scenario can cut: WebDriver classic has no offline
// switch, and a real phone loses the server this way (the browser still believes it is online, so no
// `online` event comes back either). Every request passes through unchanged (same Host, so the product's
// same-origin checks hold) except:
// - cut: every connection is dropped, and each new request's before anything reaches the product, as with a
//   dead network (only the probe's own script below is still served: it is not the product);
// - losing answers: requests that match reach the product, which stores them, and the connection drops
//   before the answer gets back (the "did it arrive?" case the Idempotency-Key exists for).
// Event streams pass through as they come (the rest is passed on whole, once it has ended).
// It records every request line's target (path and query, as the browser sent it), so a scenario can show what
// the browser asked for: no personal data in a URL, whatever the page did.
// It also adds the error probe (error-probe.ts) to each HTML page, as the first script of its head, so an
// engine without an error log over WebDriver still reports its script errors.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import zlib from 'node:zlib';
import { ERROR_PROBE_PATH, ERROR_PROBE_SOURCE } from './error-probe';

export interface CutProxy {
  origin: string;
  /** Drops every connection, open or new, until `restore`. */
  cut(): void;
  /** Matching requests are delivered and their answers dropped, until `restore`. */
  loseAnswers(match: (method: string, path: string) => boolean): void;
  restore(): void;
  /** Every request the browser sent through the proxy, in order, as `METHOD target`: `POST /api/leads`. */
  readonly requested: readonly string[];
  /** Every event stream answered, as `target encoding`: `/api/admin/live?since=… gzip`. */
  readonly streamed: readonly string[];
  close(): Promise<void>;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  return body;
}

/** The page with the probe's script tag first in its head. */
function withProbe(html: string): string {
  return html.replace(/<head([^>]*)>/i, `<head$1><script src="${ERROR_PROBE_PATH}"></script>`);
}

export async function startCutProxy(upstreamPort: number): Promise<CutProxy> {
  let mode: 'open' | 'cut' | 'lose' = 'open';
  let lose: (method: string, path: string) => boolean = () => false;
  const sockets = new Set<Socket>();
  const requested: string[] = [];
  const streamed: string[] = [];

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requested.push(`${req.method ?? 'GET'} ${path}`);
    if (req.method === 'GET' && path === ERROR_PROBE_PATH) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(ERROR_PROBE_SOURCE);
      return;
    }
    if (mode === 'cut') {
      req.socket.destroy();
      return;
    }
    const dropAnswer = mode === 'lose' && lose(req.method ?? 'GET', path);
    const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path, headers: req.headers }, (answer) => {
      if (String(answer.headers['content-type']).startsWith('text/event-stream') && !dropAnswer) {
        // An event stream (the staff's live stream) passes through as it comes, bytes unchanged: held for its end
        // like other answers, the browser would hear nothing until it closes.
        streamed.push(`${path} ${answer.headers['content-encoding'] ?? 'identity'}`);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.pipe(res);
        answer.on('error', () => req.socket.destroy());
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        // Stored upstream by now; the browser never hears of it.
        if (dropAnswer || mode === 'cut') return void req.socket.destroy();
        const headers = { ...answer.headers };
        let body = Buffer.concat(chunks);
        if (String(headers['content-type']).startsWith('text/html') && req.method !== 'HEAD') {
          body = Buffer.from(withProbe(decoded(body, headers['content-encoding'] as string | undefined).toString('utf8')));
          delete headers['content-encoding'];
          headers['content-length'] = String(body.length);
        }
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers).end(body);
      });
      answer.on('error', () => req.socket.destroy());
    });
    upstream.on('error', () => req.socket.destroy());
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cut() {
      mode = 'cut';
      for (const socket of sockets) socket.destroy();
    },
    loseAnswers(match) {
      lose = match;
      mode = 'lose';
    },
    restore() {
      mode = 'open';
    },
    requested,
    streamed,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
