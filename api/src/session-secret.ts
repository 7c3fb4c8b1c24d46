// SESSION_SECRET when set; otherwise a secret generated once and kept in data/ (never committed), so every
// process on this machine signs cookies the same way and restarts keep people signed in.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';

export function resolveSessionKeys(config: Config): string[] {
  if (config.sessionSecret) return [config.sessionSecret];
  const file = path.join(config.dataDir, 'session-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return [fs.readFileSync(file, 'utf8').trim()];
}
