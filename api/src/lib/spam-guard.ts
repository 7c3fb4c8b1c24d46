// The public forms' spam guards (a hidden honeypot field and a minimum fill time), shared by leads and sample
// requests. A bot that trips one is answered exactly like a person (so it learns nothing) and nothing is stored.
import { MIN_FILL_MS } from '../contract';

export interface SpamSignals {
  /** The hidden honeypot field: people never see it, so anything in it was typed by a bot. */
  website?: string | undefined;
  /** Milliseconds between the form appearing and its submission; absent from clients that do not measure it. */
  elapsedMs?: number | undefined;
}

export function looksLikeSpam({ website, elapsedMs }: SpamSignals): boolean {
  if (website !== undefined && website.trim() !== '') return true;
  return elapsedMs !== undefined && elapsedMs < MIN_FILL_MS;
}
