// What makes two requests the same request: their content, whatever the order of their keys. An Idempotency-Key
// is checked against this hash (a retry, or another request reusing the key), and a form the browser posts
// itself gets its key from it.
import crypto from 'node:crypto';

/**
 * JSON with object keys sorted at every level, so equal requests hash equally whatever their key order. Written
 * with loops and one string rather than entries, filters and joins: it runs for every submission that has a key.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i ? ',' : ''}${value[i] === undefined ? 'null' : canonicalJson(value[i])}`;
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  let out = '{';
  // The default sort compares UTF-16 code units, as `<` does.
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${canonicalJson(record[key])}`;
  }
  return `${out}}`;
}

export function requestHash(request: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(request)).digest('hex');
}
