// A local push service speaking the Web Push protocol (RFC 8030) over HTTPS, for the server's push tests: it
// checks each request as a real one would (the VAPID Authorization of RFC 8292, its JWT verified against the
// public key it names; the aes128gcm body of RFC 8291) and keeps what it could decrypt, as the browser would.
// It hands out subscriptions whose private keys it holds; an endpoint can be told to answer 410 Gone.
import crypto from 'node:crypto';
import https from 'node:https';
import ece from 'http_ece';

// A self-signed certificate for 127.0.0.1 (valid for a century), made once for these tests with
// `openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 36500 -subj /CN=127.0.0.1
// -addext subjectAltName=IP:127.0.0.1,DNS:localhost`. Not a secret: it guards nothing but this fake.
const TLS_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgTYXfJ24XNLo8dnQL
YUTfH4LgZ9D0PrTOiajmXwuf4DehRANCAASps/LwKgdZEKGO+YFJtOYfEsyfTtBV
q0El/7w9n+lRcup5s5fRU3P2j3H6CU7cTGOaibYqKwYkna4im3jfTPQt
-----END PRIVATE KEY-----
`;
const TLS_CERT = `-----BEGIN CERTIFICATE-----
MIIBnDCCAUGgAwIBAgIUQEdjnyhBd5W9j4SkAHtrMfI69a0wCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyNTA5MDE0MloYDzIxMjYxMTAx
MDkwMTQyWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASps/LwKgdZEKGO+YFJtOYfEsyfTtBVq0El/7w9n+lRcup5s5fRU3P2
j3H6CU7cTGOaibYqKwYkna4im3jfTPQto28wbTAdBgNVHQ4EFgQUHpu3NV3t49Vz
c2GtBeDkAfwp9C4wHwYDVR0jBBgwFoAUHpu3NV3t49Vzc2GtBeDkAfwp9C4wDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARhwR/AAABgglsb2NhbGhvc3QwCgYIKoZI
zj0EAwIDSQAwRgIhAOXqJK2XqFOQlYc0USkkhOEZsyMByb5PR9jre9YYCRdZAiEA
7oteFnXoWDYcjbykiN90XIZAiWV/MA2Po9yJKdvszTg=
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
  /** Trust this agent's CA: give it to the server's push config. */
  agent: https.Agent;
  origin: string;
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
  let origin = '';
  const server = https.createServer({ key: TLS_KEY, cert: TLS_CERT }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
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
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('fake push service did not start');
  origin = `https://127.0.0.1:${address.port}`;
  return {
    agent: new https.Agent({ ca: TLS_CERT }),
    origin,
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
