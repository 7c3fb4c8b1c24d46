// Unique e-mail addresses per test run, so tests sharing the e2e database never see each other's rows.
import { randomUUID } from 'node:crypto';

export function uniqueEmail(tag: string): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.com`;
}
