// Remembers the payload and Idempotency-Key of a submission that has not succeeded yet, so pressing submit
// again with the same form values retries *that* submission (same key, byte-identical body: the server
// replays or stores once). Changing any value starts a new submission with a new key (reusing the old key with
// a different body would be refused with 422). When the same person (the same e-mail address) changed it, the new
// one names the one it replaces: that one may still wait in the outbox after a server failure, and the person
// meant the corrected version, not both. Someone else's details typed over the kept form (a shared device at an
// event) are a second lead: the first person's stays.
import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from './idempotency-key';

export interface SubmissionAttempt<T> {
  payload: T;
  idempotencyKey: string;
  /** The key of the unsettled submission this one supersedes, when the values changed after it failed. */
  replaces?: string;
}

export function useSubmissionAttempt<T>() {
  const pending = useRef<{ fingerprint: string; submitter: string; attempt: SubmissionAttempt<T> } | null>(null);

  /**
   * The attempt for these form values: the pending one when they are unchanged, else a fresh one, which replaces
   * the pending one when `submitter` (who sends it: the e-mail address) is the same.
   */
  const attemptFor = useCallback((fingerprint: string, submitter: string, build: () => T): SubmissionAttempt<T> => {
    if (pending.current?.fingerprint === fingerprint) return pending.current.attempt;
    const earlier = pending.current?.submitter === submitter ? pending.current.attempt.idempotencyKey : undefined;
    const attempt: SubmissionAttempt<T> = { payload: build(), idempotencyKey: newIdempotencyKey(), ...(earlier ? { replaces: earlier } : {}) };
    pending.current = { fingerprint, submitter, attempt };
    return attempt;
  }, []);

  /** Call once the server has accepted the submission: the next press is a new submission. */
  const settle = useCallback(() => {
    pending.current = null;
  }, []);

  return { attemptFor, settle };
}
