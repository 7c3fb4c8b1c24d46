// SESSION_SECRET when set; otherwise a secret generated once and kept in data/ (never committed), so every
// process on this machine signs cookies the same way and restarts keep people signed in.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from './config';
import { PRIVATE_FILE_MODE, ensurePrivateDir, tightenIfPresent } from './lib/private-files';

/** The same floor as SESSION_SECRET's: anything shorter could be guessed, and then cookies forged. */
export const MIN_SECRET_LENGTH = 32;

export function resolveSessionKeys(config: Config): string[] {
  if (config.sessionSecret) return [config.sessionSecret];
  const file = path.join(config.dataDir, 'session-secret');
  ensurePrivateDir(config.dataDir, { ours: true });
  createOnce(file, crypto.randomBytes(48).toString('base64url'));
  tightenIfPresent(file);
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `The session secret in ${file} is ${secret ? `shorter than ${MIN_SECRET_LENGTH} characters` : 'empty'}. ` +
        `Delete the file to have a new one made (everyone signs in again), or set SESSION_SECRET.`,
    );
  }
  return [secret];
}

/**
 * Writes `content` to `file` unless it exists, atomically: written to a private temporary file first and then
 * linked into place, so a second process starting at the same moment never reads a half-written (empty) file.
 */
export function createOnce(file: string, content: string): void {
  if (fs.existsSync(file)) return;
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, content, { mode: PRIVATE_FILE_MODE });
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.unlinkSync(temp);
  }
}
