// Live events that reach a list while it is loading. The answer on its way may have been read before they were
// stored, so it cannot be trusted to hold them: they are applied again once it is in (a record the answer
// already has is replaced in place, not added twice).
export function heldWhileLoading<E>() {
  let held: E[] = [];
  return {
    hold(event: E): void {
      held.push(event);
    },
    /** Applies what was held, oldest first, and forgets it. */
    drain(apply: (event: E) => void): void {
      const events = held;
      held = [];
      for (const event of events) apply(event);
    },
  };
}
