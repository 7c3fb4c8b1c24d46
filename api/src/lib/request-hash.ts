// What makes two requests the same request: their content, whatever the order of their keys. An Idempotency-Key
// is checked against this hash (a retry, or another request reusing the key), and a form the browser posts
// itself gets its key from it.
import crypto from 'node:crypto';

/** JSON with object keys sorted at every level, so equal requests hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestHash(request: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(request)).digest('hex');
}
