// The public forms' spam guards (a hidden honeypot field and a minimum fill time), shared by leads and sample
// requests. A submission that trips one is kept as suspected spam (see QUARANTINE_DAYS): a person whose
// browser filled the form too fast must never be lost, and a bot is answered exactly like a person.
import { EARLIER_HONEYPOT_FIELD, HONEYPOT_FORM_FIELD, MIN_FILL_MS, type SpamReason } from '../contract';

export interface SpamSignals {
  /** The hidden honeypot field: people never see it, so anything in it was typed by a bot. */
  [HONEYPOT_FORM_FIELD]?: string | undefined;
  /** The honeypot's earlier name, in bodies a device queued before the rename. */
  [EARLIER_HONEYPOT_FIELD]?: string | undefined;
  /** Milliseconds between the form appearing and its submission; absent from clients that cannot measure it (a form posted with script turned off). */
  elapsedMs?: number | undefined;
}

/** Why the submission looks like spam, or null when it does not. */
export function spamReasonOf(signals: SpamSignals): SpamReason | null {
  const trapped = [signals[HONEYPOT_FORM_FIELD], signals[EARLIER_HONEYPOT_FIELD]].some((value) => value !== undefined && value.trim() !== '');
  if (trapped) return 'honeypot';
  if (signals.elapsedMs !== undefined && signals.elapsedMs < MIN_FILL_MS) return 'fill_time';
  return null;
}

/** The submission's own fields: the spam guards are signals, never stored. */
export function withoutSpamGuards<T extends SpamSignals>(input: T): Omit<T, keyof SpamSignals> {
  const { [HONEYPOT_FORM_FIELD]: _trap, [EARLIER_HONEYPOT_FIELD]: _earlier, elapsedMs: _elapsed, ...fields } = input;
  return fields;
}
