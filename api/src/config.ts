// Environment → typed configuration, checked once at start; every bad key is listed, not just the first.
import type { LookupAddress } from 'node:dns';
import crypto from 'node:crypto';
import type https from 'node:https';
import os from 'node:os';
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
  // scrypt's cost as log2 N: 17 is OWASP's recommendation. Lower only where passwords guard nothing (the test
  // suite hashes thousands of times); a stored hash keeps its own cost and is upgraded at the next sign-in.
  PASSWORD_HASH_COST: z._default(z.coerce.number().check(z.int(), z.gte(10), z.lte(20)), 17),
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
  // Mail (docs/admin.md, "Mail"): without SMTP_URL nothing leaves the machine; each message is saved as an .eml file.
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\/[^\s/?#]+(:\d{1,5})?\/?(\?[^\s]*)?$/i, 'must be smtp://user:pass@host:port or smtps://user:pass@host:port'))),
  MAIL_FROM: z.optional(z.string().check(z.refine((v) => parseMailbox(v) !== null, 'must be an address, or a name and an address: Acme <hello@acme.example>'))),
  MAIL_DIR: z.optional(z.string().check(z.minLength(1))),
  MAIL_MAX_ATTEMPTS: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 8),
  // At most a minute: a digest says "in the last minute", which a shorter window keeps true (the tests use 15 s).
  MAIL_DIGEST_WINDOW_MS: z._default(z.coerce.number().check(z.int(), z.gte(1000), z.lte(60_000)), 60_000),
  MAIL_BACKOFF_MS: z._default(z.coerce.number().check(z.int(), z.gte(0)), 2000),
  MAIL_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(100), z.lte(600_000)), 30_000),
  DKIM_DOMAIN: z.optional(z.string().check(z.regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain name'))),
  DKIM_SELECTOR: z.optional(z.string().check(z.regex(/^[a-z0-9](?:[a-z0-9._-]{0,62})$/i, 'must be a DKIM selector (letters, digits, dots, dashes)'))),
  DKIM_PRIVATE_KEY: z.optional(z.string().check(z.refine((v) => isPrivateKey(v), 'must be a PEM private key (newlines may be written \\n)'))),
  // The site's facts the server needs for mail: where links in a message lead, whose name is on it.
  SITE_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s/]+\/?$/i, 'must be an origin such as https://www.example.com'))),
  SITE_COMPANY_NAME: z._default(z.string().check(z.minLength(1)), 'DirectMailers'),
  SITE_EMAIL: z._default(z.string().check(z.regex(/^[^\s@<>]+@[^\s@<>]+$/, 'must be an e-mail address')), 'hello@directmailers.example'),
  // Running at scale (docs/architecture.md, "Processes"): workers under one primary, the drain, the metrics.
  WEB_CONCURRENCY: z._default(z.string().check(z.regex(/^(auto|[1-9]\d{0,3})$/i, 'must be a number of worker processes (1 or more), or auto')), '1'),
  DRAIN_GRACE_MS: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(8000)), 2000),
  METRICS_TOKEN: z.optional(z.string().check(z.refine((v) => v === '' || v.trim().length >= 16, 'must be at least 16 characters'))),
  METRICS_PORT: z.optional(z.string().check(z.regex(/^$|^[1-9]\d{0,4}$/, 'must be a port number (1-65535)'), z.refine((v) => v === '' || Number(v) <= 65535, 'must be a port number (1-65535)'))),
  PUSH_ALLOWED_HOSTS: z.optional(
    z.string().check(
      z.refine((v) => pushHostList(v).length > 0 && pushHostList(v).every((h) => PUSH_HOST.test(h)), 'must be host names separated by commas (e.g. fcm.googleapis.com,push.apple.com), no IP addresses, ports or schemes'),
    ),
  ),
});

/** `Name <address>` or a bare address; null for anything else. */
export function parseMailbox(value: string): { name: string; address: string } | null {
  const bare = /^\s*([^\s@<>"]+@[^\s@<>"]+)\s*$/.exec(value);
  if (bare) return { name: '', address: bare[1]! };
  const named = /^\s*"?([^"<>]*?)"?\s*<([^\s@<>"]+@[^\s@<>"]+)>\s*$/.exec(value);
  return named ? { name: named[1]!.trim(), address: named[2]! } : null;
}

/** A PEM private key as an environment variable carries it: real newlines, or `\n` written out. */
const pemOf = (value: string) => value.replace(/\\n/g, '\n');

function isPrivateKey(value: string): boolean {
  try {
    crypto.createPrivateKey(pemOf(value));
    return true;
  } catch {
    return false;
  }
}

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
  mail: MailConfig;
  /** Worker processes under one primary (WEB_CONCURRENCY; 1: one process, no primary). */
  webConcurrency: number;
  /** After SIGTERM, how long new connections are still taken while /readyz answers 503 (DRAIN_GRACE_MS). */
  drainGraceMs: number;
  metrics: MetricsConfig;
}

export interface MetricsConfig {
  /** GET /metrics on the main port needs `Authorization: Bearer <token>` (METRICS_TOKEN); unset: not served there. */
  token: string | undefined;
  /** A listener of its own on 127.0.0.1 answering /metrics without a token (METRICS_PORT); unset: none. */
  port: number | undefined;
}

export interface MailConfig {
  /** The SMTP server (SMTP_URL); undefined: every message is saved as an .eml file in `dir`, none is sent. */
  smtpUrl: string | undefined;
  /** Who messages are from (MAIL_FROM; default: the site's company name and e-mail). */
  from: { name: string; address: string };
  /** Signs every message when set (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: all three or none). */
  dkim: { domainName: string; keySelector: string; privateKey: string } | undefined;
  /** Where messages are saved without SMTP (MAIL_DIR; default data/mail). */
  dir: string;
  /** The site's origin, for the links in messages (SITE_URL; default http://localhost:PORT). */
  siteUrl: string;
  companyName: string;
  /** Tries per message before a temporary failure counts as failed. */
  maxAttempts: number;
  /** How long a recipient's alert window lasts, from their first alert (a minute; MAIL_DIGEST_WINDOW_MS). */
  digestWindowMs: number;
  /** First retry delay; doubled per attempt, capped at maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
  /** How often an idle worker looks for due messages (other processes', retries, digests to send). */
  pollMs: number;
  /** A message claimed longer ago than this is taken over (its process died mid-send). */
  leaseMs: number;
  /** Connecting, the server's greeting, and each reply: a server that never answers fails the attempt after this. */
  timeoutMs: number;
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
  /** scrypt's cost for new hashes, as log2 N (PASSWORD_HASH_COST, 17). */
  hashCost: number;
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
  const dkimSet = [e.DKIM_DOMAIN, e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY].filter(Boolean).length;
  if (dkimSet !== 0 && dkimSet !== 3) {
    throw new ConfigError('Invalid configuration:\n  DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: set all three, or none');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither (a pair is then kept in data/)');
  }
  return {
    webConcurrency: /^auto$/i.test(e.WEB_CONCURRENCY) ? os.availableParallelism() : Number(e.WEB_CONCURRENCY),
    drainGraceMs: e.DRAIN_GRACE_MS,
    metrics: { token: e.METRICS_TOKEN?.trim() || undefined, port: e.METRICS_PORT ? Number(e.METRICS_PORT) : undefined },
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL || undefined,
    sessionSecret: e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    rateLimitPerMinute: e.RATE_LIMIT === 'off' ? null : Number(e.RATE_LIMIT),
    untimedRateLimitPerMinute: e.RATE_LIMIT_UNTIMED,
    signIn: { maxConcurrentHashes: e.LOGIN_MAX_CONCURRENT_HASHES, maxQueuedHashes: e.LOGIN_MAX_QUEUED_HASHES, hashCost: e.PASSWORD_HASH_COST },
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
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      from: e.MAIL_FROM ? parseMailbox(e.MAIL_FROM)! : { name: e.SITE_COMPANY_NAME, address: e.SITE_EMAIL },
      dkim: e.DKIM_DOMAIN && e.DKIM_SELECTOR && e.DKIM_PRIVATE_KEY ? { domainName: e.DKIM_DOMAIN, keySelector: e.DKIM_SELECTOR, privateKey: pemOf(e.DKIM_PRIVATE_KEY) } : undefined,
      dir: e.MAIL_DIR ? path.resolve(e.MAIL_DIR) : path.join(DATA_DIR, 'mail'),
      siteUrl: (e.SITE_URL || `http://localhost:${e.PORT || 3000}`).replace(/\/+$/, ''),
      companyName: e.SITE_COMPANY_NAME,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      digestWindowMs: e.MAIL_DIGEST_WINDOW_MS,
      backoffMs: e.MAIL_BACKOFF_MS,
      maxBackoffMs: 30 * 60_000,
      pollMs: 1000,
      leaseMs: 2 * 60_000 + e.MAIL_TIMEOUT_MS * 3,
      timeoutMs: e.MAIL_TIMEOUT_MS,
    },
  };
}
