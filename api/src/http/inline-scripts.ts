// The one inline script the site has: the boot script each prerendered page carries at the end of its body
// (web/boot.js, inlined by scripts/build.ts). Inline, it costs the page no request of its own, which on a slow
// connection would be one more round trip before the page counts as painted. The Content-Security-Policy still
// allows no inline script but this one: the build records the SHA-256 of the exact text it inlined, and the
// server adds that hash to `script-src` when it starts (a rebuild takes effect with the next start, as the
// pages it serves do).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const INLINE_SCRIPT_HASHES_FILE = 'inline-script-hashes.json';

/** The CSP source that allows exactly this script text, e.g. 'sha256-…'. */
export function scriptHashSource(text: string): string {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The hash sources the build recorded for the client in `distDir`; none when there is no build. */
export function readInlineScriptHashes(distDir: string): string[] {
  try {
    const list: unknown = JSON.parse(fs.readFileSync(path.join(distDir, INLINE_SCRIPT_HASHES_FILE), 'utf8'));
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string' && /^'sha256-[A-Za-z0-9+/=]+'$/.test(item)) : [];
  } catch {
    return [];
  }
}
