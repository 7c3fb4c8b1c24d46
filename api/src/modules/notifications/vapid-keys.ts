// The VAPID key pair this server signs its push requests with (RFC 8292): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY
// when set, else a pair generated once and kept in data/vapid-keys.json (never committed), like the session
// secret, so every process on the machine signs alike and browsers' subscriptions outlive restarts. A new pair
// would orphan every subscription: browsers bind theirs to the public key they subscribed with.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { ConfigError, type Config } from '../../config';
import { ensurePrivateDir, tightenIfPresent } from '../../lib/private-files';
import { createOnce } from '../../session-secret';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const cache = new WeakMap<Config, VapidKeys>();

export function vapidKeysOf(config: Config): VapidKeys {
  const known = config.push.vapidKeys ?? cache.get(config);
  if (known) return known;
  const file = path.join(config.dataDir, 'vapid-keys.json');
  ensurePrivateDir(config.dataDir, { ours: true });
  createOnce(file, JSON.stringify(webpush.generateVAPIDKeys()));
  tightenIfPresent(file);
  let keys: VapidKeys;
  try {
    keys = JSON.parse(fs.readFileSync(file, 'utf8')) as VapidKeys;
    if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') throw new Error('not a key pair');
  } catch {
    throw new ConfigError(`The VAPID keys in ${file} cannot be read. Delete the file to have a new pair made (every device turns notifications on again), or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`);
  }
  cache.set(config, keys);
  return keys;
}
