// The public forms' spam guards (a hidden honeypot field and a minimum fill time), shared by leads and sample
// requests. A submission that trips one is kept as suspected spam (see QUARANTINE_DAYS): a person whose
// browser filled the form too fast must never be lost, and a bot is answered exactly like a person.
import { MIN_FILL_MS, type SpamReason } from '../contract';

export interface SpamSignals {
  /** The hidden honeypot field: people never see it, so anything in it was typed by a bot. */
  website?: string | undefined;
  /** Milliseconds between the form appearing and its submission; absent from clients that cannot measure it (a form posted without script). */
  elapsedMs?: number | undefined;
}

/** Why the submission looks like spam, or null when it does not. */
export function spamReasonOf({ website, elapsedMs }: SpamSignals): SpamReason | null {
  if (website !== undefined && website.trim() !== '') return 'honeypot';
  if (elapsedMs !== undefined && elapsedMs < MIN_FILL_MS) return 'fill_time';
  return null;
}
