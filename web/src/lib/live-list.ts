// What a staff list (the dashboard's leads, the Requests tab) does with the live stream's records, the same
// for every list.

/**
 * Live events that reach a list while it is loading. The answer on its way may have been read before they were
 * stored, so it cannot be trusted to hold them: they are applied again once it is in (a record the answer
 * already has is replaced in place, not added twice).
 */
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

/**
 * A record older than every record the list shows was there when the list was read, on a later page (a first
 * stream's replay reaches back before the read): it is not new, and stays where paging finds it (and in the
 * counts already).
 */
export function olderThanShown(id: number, shown: readonly { id: number }[]): boolean {
  return shown.length > 0 && shown.every((record) => record.id > id);
}
