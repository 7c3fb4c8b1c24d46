// What an uptime checker and an impatient visitor send, against the real server process at the default log level:
// plain GETs, HEADs, and requests whose client hangs up mid-answer. None of them is a fault, so none may leave an
// error line or a stack trace in the server's output.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../config';
import { createChildDatabase, startServerChild } from '../testing/server-child';

/** A GET whose client closes the connection as soon as the first bytes of the answer arrive. */
function hangUpMidAnswer(url: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
      res.once('end', () => resolve());
    });
    req.on('error', () => resolve());
  });
}

describe('requests that end early, at the default log level', () => {
  it('90 GETs and HEADs of pages and 20 answers cut off mid-way - no error line and no stack trace in the output', { timeout: 120_000 }, async () => {
    const database = await createChildDatabase('sqlite');
    const server = await startServerChild(database.url);
    try {
      // The largest built script, so an answer is still streaming when its client hangs up.
      const assets = path.join(ROOT_DIR, 'dist/client/assets');
      const largest = fs.existsSync(assets)
        ? fs.readdirSync(assets).filter((f) => f.endsWith('.js')).sort((a, b) => fs.statSync(path.join(assets, b)).size - fs.statSync(path.join(assets, a)).size)[0]
        : undefined;
      for (let i = 0; i < 45; i++) {
        expect((await fetch(`${server.baseUrl}/`)).status).toBeLessThan(500);
        expect((await fetch(`${server.baseUrl}/print`, { method: 'HEAD' })).status).toBeLessThan(500);
      }
      for (let i = 0; i < 20; i++) await hangUpMidAnswer(`${server.baseUrl}/${largest ? `assets/${largest}` : 'print'}`);
      // The server is still serving, and has logged every request by now.
      expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
      await server.waitForLine(/"path":"\/api\/health"/);
      const output = server.output();
      const errors = output.filter((line) => /"level":(50|60)/.test(line) || /^\s+at /.test(line) || /Error/.test(line));
      expect(errors).toEqual([]);
    } finally {
      await server.kill();
      await database.drop();
    }
  });
});
