// What the live stream changes in Sample Management's Requests tab: a new request goes in at the top (not
// while the tab shows the suspected spam: a live request is never spam), marked new until seen, with what the
// person reads kept in place, and the "N Total Requests" badge counts it; a change of a request shown
// (processed, its CRM status) replaces it where it is. After a gap the stream could not replay, it reloads.
import type { LiveEvent, SampleRequest } from '@contract';
import { heldWhileLoading, olderThanShown } from '../../lib/live-list';
import { keepScrollPosition } from '../../lib/keep-scroll';
import type { StoreApi } from 'zustand';
import type { RequestsState } from './requests-state';

type Store = StoreApi<RequestsState>;

const held = heldWhileLoading<LiveEvent>();

/** Called by the store once a load of the list is in: the new requests heard meanwhile go in now. */
export function applyHeldLiveEvents(useRequestsStore: Store): void {
  held.drain((event) => applyLiveEvent(useRequestsStore, event));
}

/** Called by the store for each event of the live stream. */
export function applyLiveEvent(useRequestsStore: Store, event: LiveEvent): void {
  const state = useRequestsStore.getState();
  if (event.recordKind !== 'sample' || state.status === 'idle') return;
  const request = event.record as SampleRequest;
  // A load on its way may have been read before this event: it is applied again once the answer is in.
  if (state.status === 'loading') held.hold(event);
  const shown = state.requests.findIndex((r) => r.id === request.id);
  if (shown >= 0) {
    const requests = [...state.requests];
    requests[shown] = request;
    useRequestsStore.setState({ requests });
    return;
  }
  if (event.type !== 'sample.created' || state.spam || olderThanShown(request.id, state.requests)) return;
  if (state.status !== 'ready') return;
  keepScrollPosition(() =>
    useRequestsStore.setState((s) => ({ requests: [request, ...s.requests], total: s.total + 1, newIds: new Set(s.newIds).add(request.id) })),
  );
}

/** After a gap the stream could not replay: the list and its count, read again once. */
export function reloadAfterGap(useRequestsStore: Store): void {
  const { status, load } = useRequestsStore.getState();
  if (status !== 'idle') void load();
}
