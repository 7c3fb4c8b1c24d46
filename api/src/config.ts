// Environment → typed configuration, checked once at start; every bad key is listed, not just the first.
import type { LookupAddress } from 'node:dns';
import type https from 'node:https';
import path from 'node:path';
import * as z from 'zod/mini';

export const ROOT_DIR = path.resolve(import.meta.dirname, '../..');
export const DATA_DIR = path.join(ROOT_DIR, 'data');
export const WEB_DIST_DIR = path.join(ROOT_DIR, 'dist/client');

/**
 * The hosts a Web Push subscription may name (docs/security.md, 22): each entry allows itself and every host
 * under it. Chrome and Edge (FCM), Firefox (Mozilla's autopush), Windows (WNS), Safari (Apple). A browser's
 * endpoint is always on its vendor's push service, so an endpoint anywhere else is refused.
 */
export const DEFAULT_PUSH_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

/** A DNS name of two labels or more, lower case (an IP address has a last label of digits: refused). */
const PUSH_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const envSchema = z.object({
  PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 3000),
  HOST: z._default(z.string(), '0.0.0.0'),
  DATABASE_URL: z.optional(z.string()),
  SESSION_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  TRUST_PROXY: z._default(z.enum(['0', '1', 'true', 'false']), '0'),
  RATE_LIMIT: z._default(z.string().check(z.regex(/^(off|\d{1,9})$/, 'must be a number of requests a minute, or off')), '120'),
  RATE_LIMIT_UNTIMED: z._default(z.coerce.number().check(z.int(), z.gte(0)), 10),
  LOGIN_MAX_CONCURRENT_HASHES: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(16)), 2),
  LOGIN_MAX_QUEUED_HASHES: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(1000)), 8),
  LOG_LEVEL: z._default(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  // CRM sync (docs/crm-sync.md): without a token nothing is sent and records wait in their queue.
  PIPEDRIVE_API_TOKEN: z.optional(z.string()),
  PIPEDRIVE_BASE_URL: z._default(z.string().check(z.regex(/^https?:\/\/[^\s]+$/i, 'must be an http(s) URL')), 'https://api.pipedrive.com'),
  CRM_SYNC_MAX_ATTEMPTS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
  CRM_SYNC_BACKOFF_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 2000),
  LIVE_HEARTBEAT_MS: z._default(z.coerce.number().check(z.int(), z.gte(50), z.lte(60_000)), 15_000),
  CRM_SYNC_POLL_MS: z._default(z.coerce.number().check(z.int(), z.gte(10)), 1000),
  // Web Push (docs/security.md): without the pair, a pair is generated once into data/vapid-keys.json.
  VAPID_PUBLIC_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, base64url (87 characters)'))),
  VAPID_PRIVATE_KEY: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, base64url (43 characters)'))),
  VAPID_SUBJECT: z._default(z.string().check(z.regex(/^(mailto:[^\s]+|https:\/\/[^\s]+)$/i, 'must be a mailto: or https: URL')), 'mailto:hello@directmailers.example'),
  PUSH_ALLOWED_HOSTS: z.optional(
    z.string().check(
      z.refine((v) => pushHostList(v).length > 0 && pushHostList(v).every((h) => PUSH_HOST.test(h)), 'must be host names separated by commas (e.g. fcm.googleapis.com,push.apple.com), no IP addresses, ports or schemes'),
    ),
  ),
});

function pushHostList(value: string): string[] {
  return value
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  sessionSecret: string | undefined;
  trustProxy: boolean;
  /** Public POSTs allowed per IP per minute; null turns the limit off. */
  rateLimitPerMinute: number | null;
  /** Of those, how many may come without the form's fill time (`elapsedMs`); off with rateLimitPerMinute. */
  untimedRateLimitPerMinute: number;
  signIn: SignInConfig;
  logLevel: string;
  webDistDir: string;
  dataDir: string;
  crm: CrmConfig;
  live: LiveConfig;
  push: PushConfig;
}

export interface LiveConfig {
  /** How often each open live stream gets a heartbeat, and its session is checked again. */
  heartbeatMs: number;
}

export interface PushConfig {
  /** VAPID key pair from the environment (both or neither); else the pair kept in data/. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who runs this server, for push services to reach (a mailto: or https: URL). */
  subject: string;
  /** Hosts a subscription's endpoint may be on, each with the hosts under it (PUSH_ALLOWED_HOSTS). */
  allowedHosts: readonly string[];
  /** The HTTPS agent push requests go through; tests trust their fake push service's certificate with it. */
  agent?: https.Agent;
  /**
   * How an endpoint's host is resolved (every address) for the check that it is not inside a private network.
   * Production: node:dns lookup. Tests only (no setting reaches it): the fake push service's name.
   */
  lookup?: (host: string) => Promise<LookupAddress[]>;
}

export interface SignInConfig {
  /** Password hashes (128 MiB and ~0.3 s of a worker thread each) run at once in the process, sign-ins or not. */
  maxConcurrentHashes: number;
  /** Sign-ins allowed to wait for a hash; beyond that, 503 with Retry-After. */
  maxQueuedHashes: number;
}

export interface CrmConfig {
  /** Pipedrive API token; undefined means "CRM not connected": no job runs, statuses stay. */
  pipedriveApiToken: string | undefined;
  /** Pipedrive's API host, without a trailing slash (tests point it at the fake server). */
  pipedriveBaseUrl: string;
  /** Tries per record before it is marked `sync_failed`. */
  maxAttempts: number;
  /** First retry delay; doubled per attempt, capped at maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How often an idle worker looks for due jobs (other processes' jobs, retries). */
  pollMs: number;
  /** A job claimed longer ago than this is taken over (its process died mid-sync). */
  leaseMs: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither (a pair is then kept in data/)');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    rateLimitPerMinute: e.RATE_LIMIT === 'off' ? null : Number(e.RATE_LIMIT),
    untimedRateLimitPerMinute: e.RATE_LIMIT_UNTIMED,
    signIn: { maxConcurrentHashes: e.LOGIN_MAX_CONCURRENT_HASHES, maxQueuedHashes: e.LOGIN_MAX_QUEUED_HASHES },
    logLevel: e.LOG_LEVEL,
    webDistDir: WEB_DIST_DIR,
    dataDir: DATA_DIR,
    crm: {
      pipedriveApiToken: e.PIPEDRIVE_API_TOKEN?.trim() || undefined,
      pipedriveBaseUrl: e.PIPEDRIVE_BASE_URL.replace(/\/+$/, ''),
      maxAttempts: e.CRM_SYNC_MAX_ATTEMPTS,
      backoffMs: e.CRM_SYNC_BACKOFF_MS,
      maxBackoffMs: 30 * 60_000,
      pollMs: e.CRM_SYNC_POLL_MS,
      leaseMs: 5 * 60_000,
    },
    live: { heartbeatMs: e.LIVE_HEARTBEAT_MS },
    push: {
      vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      subject: e.VAPID_SUBJECT,
      allowedHosts: e.PUSH_ALLOWED_HOSTS === undefined ? DEFAULT_PUSH_HOSTS : pushHostList(e.PUSH_ALLOWED_HOSTS),
    },
  };
}
