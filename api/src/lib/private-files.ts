// Files that hold leads, sessions or the cookie-signing secret are for the server's own account only: the
// directory 0700, the files 0600, whatever the umask. Paths we own are tightened when found looser (data/ from
// an older version was created world-readable); a directory someone else named is only made private when we
// create it.
import fs from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

function tighten(p: string, mode: number): void {
  if ((fs.statSync(p).mode & 0o777 & ~mode) !== 0) fs.chmodSync(p, mode);
}

/** Creates `dir` (and missing parents) as 0700; with `ours`, an existing one is tightened to 0700 too. */
export function ensurePrivateDir(dir: string, { ours }: { ours: boolean }): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (ours) tighten(dir, PRIVATE_DIR_MODE);
}

/** Makes `file` exist as 0600 (an existing one is tightened), without touching its content. */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE);
}

/** Tightens `file` to 0600 when it exists. */
export function tightenIfPresent(file: string): void {
  if (fs.existsSync(file)) tighten(file, PRIVATE_FILE_MODE);
}
