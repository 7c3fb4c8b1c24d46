// Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the built
// client (and the badge scanner's WebAssembly, 1 MB that shrinks to a third), so the server sends them as they are (koa-send picks one by Accept-Encoding) instead of
// compressing each answer on the fly at the low quality that per-request speed allows. A copy is written only
// when it saves more than the `Content-Encoding` header costs: small files count too, since a public page
// loads a dozen chunks of a few hundred bytes each (sent as they were, they cost about 1 KB more per page).
// Prerendered pages get copies too: a page is the first thing a visitor on a slow connection waits for, and
// quality 11 takes it about 10 % below the per-request quality 5 (on `/`, 16.2 → 14.5 KB), which can save a
// whole round trip. The server sends a page's copy only when it is at least as new as the page
// (api/src/http/static-files.ts), so a page rewritten without its copies is compressed per request instead.
// The service worker and manifests, small and rewritten in place, get no copy.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT_FILE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map|wasm)$/;
const REWRITTEN_IN_PLACE = /(\.webmanifest|(^|\/)sw\.js|(^|\/)registerSW\.js)$/;
/** About what `content-encoding: br` and its line end add to an answer. */
const HEADER_BYTES = 32;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export async function precompress(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const file of compressibleFiles(dir)) {
    const source = fs.readFileSync(file);
    if (source.length <= HEADER_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: TEXT_FILE.test(file) ? zlib.constants.BROTLI_MODE_TEXT : zlib.constants.BROTLI_MODE_GENERIC,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
    ]);
    const worth = (copy: Buffer) => copy.length + HEADER_BYTES < source.length;
    if (worth(br)) fs.writeFileSync(`${file}.br`, br);
    if (worth(gz)) fs.writeFileSync(`${file}.gz`, gz);
    summary.files += 1;
    summary.bytes += source.length;
    summary.brotliBytes += worth(br) ? br.length : source.length;
    summary.gzipBytes += worth(gz) ? gz.length : source.length;
  }
  return summary;
}

function compressibleFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // Vite's own manifest (.vite/) is read by the build and the tests, never served.
    .filter((file) => !path.relative(dir, file).split(path.sep).some((part) => part.startsWith('.')))
    .filter((file) => !REWRITTEN_IN_PLACE.test(path.relative(dir, file).split(path.sep).join('/')));
}
