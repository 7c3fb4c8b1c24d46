// A local push service speaking the Web Push protocol (RFC 8030) over HTTPS, for the server's push tests: it
// checks each request as a real one would (the VAPID Authorization of RFC 8292, its JWT verified against the
// public key it names; the aes128gcm body of RFC 8291) and keeps what it could decrypt, as the browser would.
// It hands out subscriptions whose private keys it holds; an endpoint can be told to answer 410 Gone; answers can
// be held, and it counts the requests it is answering at once.
import crypto from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import https from 'node:https';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';
import ece from 'http_ece';
import type { PushConfig } from '../config';

/**
 * The push service's name in its endpoints. The product sends only to known push services on port 443
 * (push-endpoint.ts), so the tests add this name to the allowed hosts (`config()`), answer its address
 * themselves (a public one: `.test` names never resolve), and the agent carries each connection to the port
 * this fake really listens on, on 127.0.0.1.
 */
const FAKE_PUSH_HOST = 'push.fake.test';
/** What `config().lookup` answers for FAKE_PUSH_HOST: a documentation address standing for a public one. */
const FAKE_PUSH_ADDRESS = '203.0.113.80';

// A self-signed certificate for push.fake.test (valid for a century), made once for these tests with
// `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj /CN=push.fake.test
// -addext subjectAltName=DNS:push.fake.test`. Not a secret: it guards nothing but this fake.
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgw8MwRuAfjKt95AwK
H6ToYpWUZpjB4di6gXiGX0eDv0OhRANCAATezx0LTqgcyMv25RwuRFr3djn9G127
PIN8yLsSmLyTB0cAifDsLRSv+voMDepbcIUsGpI5gDjAbFex8pDmPbB1
-----END PRIVATE KEY-----
`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBpDCCAUqgAwIBAgIURCfopyZV4CY71jvAbrXa6d7WEQIwCgYIKoZIzj0EAwIw
GTEXMBUGA1UEAwwOcHVzaC5mYWtlLnRlc3QwIBcNMjYxMTI3MjM0MzQ1WhgPMjEy
NjExMDMyMzQzNDVaMBkxFzAVBgNVBAMMDnB1c2guZmFrZS50ZXN0MFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAE3s8dC06oHMjL9uUcLkRa93Y5/RtduzyDfMi7Epi8
kwdHAInw7C0Ur/r6DA3qW3CFLBqSOYA4wGxXsfKQ5j2wdaNuMGwwHQYDVR0OBBYE
FPoRdLPMSMQHGJIqZttGx1MJIINHMB8GA1UdIwQYMBaAFPoRdLPMSMQHGJIqZttG
x1MJIINHMA8GA1UdEwEB/wQFMAMBAf8wGQYDVR0RBBIwEIIOcHVzaC5mYWtlLnRl
c3QwCgYIKoZIzj0EAwIDSAAwRQIgNErNHiXpGu6tqs1laT0BElbHAL5hjCqZoPNl
0RKigs0CIQDrCx9adBvpYGSgR/8T+8NsBDP47gTeo+xxOEg4c5Kbnw==
-----END CERTIFICATE-----
`;

export interface ReceivedPush {
  endpoint: string;
  /** The JWT's claims, once its signature checked out against the `k=` key. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  vapidPublicKey: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  /** The decrypted body. */
  payload: string;
}

export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface FakePushService {
  /** Connects to this fake whatever the endpoint's host, trusting its certificate: give it to the server's push config. */
  agent: https.Agent;
  /** `https://push.fake.test`: the origin of its endpoints, and the audience of the VAPID JWT it expects. */
  origin: string;
  /**
   * The server's push settings for reaching this fake: its host allowed, its agent, and a lookup that answers a
   * public address for its host and `addresses` for any other name (tests of the endpoint rule).
   */
  config(addresses?: Record<string, string[]>): Pick<PushConfig, 'allowedHosts' | 'agent' | 'lookup'>;
  /** Requests being answered right now, and the most there ever were at once. */
  inFlight(): { now: number; most: number };
  /** Holds every answer until the returned function is called. */
  hold(): () => void;
  subscribe(): FakeSubscription;
  /** From now on this endpoint answers `status` (410: the subscription expired or was unsubscribed). */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  /** The endpoint of every request, in order, whatever it was answered. */
  requests: string[];
  /** Requests refused, with the reason (a bad signature, a body that would not decrypt). */
  refused: { endpoint: string; reason: string }[];
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** Verifies `vapid t=<jwt>, k=<key>`: ES256 over the JWT's first two parts, with the uncompressed P-256 key k. */
function verifyVapid(header: string | undefined): { claims: ReceivedPush['claims']; key: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`Authorization is not VAPID: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) throw new Error('malformed JWT');
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: 'jwk' });
  if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('JWT alg is not ES256');
  const ok = crypto.verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) throw new Error('JWT signature does not verify');
  return { claims: JSON.parse(Buffer.from(body, 'base64url').toString()), key: k };
}

export async function startFakePushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, { ecdh: crypto.ECDH; auth: string }>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: FakePushService['refused'] = [];
  const requests: string[] = [];
  const origin = `https://${FAKE_PUSH_HOST}`;
  const flight = { now: 0, most: 0 };
  let held: Promise<void> = Promise.resolve();
  const server = https.createServer({ key: TLS_KEY, cert: TLS_CERT }, (req, res) => {
    flight.now++;
    flight.most = Math.max(flight.most, flight.now);
    res.on('finish', () => flight.now--);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void held.then(answer));
    const answer = () => {
      const endpoint = origin + (req.url ?? '');
      requests.push(endpoint);
      const sub = subscriptions.get(endpoint);
      const refuse = (status: number, reason: string) => {
        refused.push({ endpoint, reason });
        res.writeHead(status).end(reason);
      };
      if (req.method !== 'POST' || !sub) return refuse(404, 'no such subscription');
      const status = answers.get(endpoint);
      if (status) return void res.writeHead(status).end();
      try {
        const { claims, key } = verifyVapid(req.headers.authorization);
        if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
        if (!(claims.exp * 1000 > Date.now() && claims.exp * 1000 <= Date.now() + 24 * 3600_000)) throw new Error('exp out of range');
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${req.headers['content-encoding']}`);
        const payload = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth }).toString('utf8');
        received.push({
          endpoint,
          claims,
          vapidPublicKey: key,
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          topic: req.headers.topic as string | undefined,
          payload,
        });
        res.writeHead(201, { Location: `${endpoint}/messages/${received.length}` }).end();
      } catch (err) {
        refuse(400, (err as Error).message);
      }
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('fake push service did not start');
  const port = address.port;
  // Whatever host and port the request names (push.fake.test:443), the socket goes to this fake.
  class ToFake extends https.Agent {
    override createConnection(options: tls.ConnectionOptions): Duplex {
      return tls.connect({ ...options, host: '127.0.0.1', port, servername: FAKE_PUSH_HOST, ca: TLS_CERT });
    }
  }
  const agent = new ToFake();
  return {
    agent,
    origin,
    config: (addresses = {}) => ({
      allowedHosts: [FAKE_PUSH_HOST],
      agent,
      lookup: async (host: string): Promise<LookupAddress[]> => {
        const found = host === FAKE_PUSH_HOST ? [FAKE_PUSH_ADDRESS] : addresses[host];
        if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
        return found.map((a) => ({ address: a, family: a.includes(':') ? 6 : 4 }));
      },
    }),
    inFlight: () => ({ ...flight }),
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = Promise.resolve();
        release();
      };
    },
    subscribe() {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64url(crypto.randomBytes(16));
      const endpoint = `${origin}/push/${crypto.randomUUID()}`;
      subscriptions.set(endpoint, { ecdh, auth });
      return { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth } };
    },
    answer: (endpoint, status) => void answers.set(endpoint, status),
    received,
    requests,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
