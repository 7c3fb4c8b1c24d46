// Print-sample requests: the list (a page at a time, "Load more" for the next) and the Pending/Processed
// toggle, which sends the opposite of the value shown, and then refetches as many requests as are shown.
import { create } from 'zustand';
import type { RequestsState } from './requests-state';
import { PAGE_LIMIT, type SampleRequest } from '@contract';
import { notifySuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/server-error';
import { fetchSampleRequests, releaseSampleRequest, REQUESTS_PAGE_SIZE, retrySampleSync, setProcessed } from './samples-api';
import { readFailed, writeFailed } from './failure';
import { subscribe } from '../../lib/events';
import { applyHeldLiveEvents, applyLiveEvent, reloadAfterGap } from './live-requests';


// Each list request gets a number; a page that arrives after a newer reload started is dropped.
let listRequest = 0;

export const useRequestsStore = create<RequestsState>()((set, get) => ({
  requests: [],
  total: 0,
  next: null,
  loadingMore: false,
  loadMoreError: null,
  status: 'idle',
  error: null,
  updating: new Set(),
  retrying: new Set(),
  spam: false,
  newIds: new Set(),

  markSeen: (id) => {
    if (!get().newIds.has(id)) return;
    const newIds = new Set(get().newIds);
    newIds.delete(id);
    set({ newIds });
  },

  ensureLoaded: () => {
    if (get().status === 'idle') void get().load();
  },

  load: async () => {
    const request = ++listRequest;
    // A refresh after a change keeps as many requests on screen as were there (up to the server's page maximum).
    const limit = Math.min(PAGE_LIMIT.max, Math.max(REQUESTS_PAGE_SIZE, get().requests.length));
    set({ status: 'loading', error: null, loadingMore: false, loadMoreError: null });
    try {
      const page = await fetchSampleRequests({ limit, spam: get().spam });
      if (request !== listRequest) return;
      set({ requests: page.requests, total: page.total, next: page.next, status: 'ready' });
      applyHeldLiveEvents(useRequestsStore);
    } catch (error) {
      if (request === listRequest) set({ status: 'error', error: readFailed(error) });
    }
  },

  loadMore: async () => {
    const { next, loadingMore } = get();
    if (!next || loadingMore) return;
    const request = listRequest;
    set({ loadingMore: true, loadMoreError: null });
    try {
      const page = await fetchSampleRequests({ next });
      if (request === listRequest) set({ requests: [...get().requests, ...page.requests], total: page.total, next: page.next, loadingMore: false });
    } catch (error) {
      if (request === listRequest) set({ loadingMore: false, loadMoreError: readFailed(error) });
    }
  },

  toggleProcessed: async (request) => {
    if (get().updating.has(request.id)) return;
    set({ updating: new Set(get().updating).add(request.id) });
    try {
      await setProcessed(request.id, !request.processed);
      notifySuccess('Sample request updated successfully');
      await get().load();
    } catch (error) {
      writeFailed(error, 'Failed to update sample request');
    } finally {
      const updating = new Set(get().updating);
      updating.delete(request.id);
      set({ updating });
    }
  },

  retrySync: (id) => actOnRequest(id, retrySampleSync, 'Sync queued again', 'Failed to retry sync'),

  showSpam: async (spam) => {
    set({ spam, requests: [] });
    await get().load();
  },

  releaseFromSpam: (id) => actOnRequest(id, releaseSampleRequest, 'Sample request released', 'Failed to release sample request'),
}));

/** One press on a request's button (Retry sync, Not spam): sent once, then the list reloads. */
async function actOnRequest(id: number, call: (id: number) => Promise<unknown>, done: string, failure: string): Promise<void> {
  const { retrying } = useRequestsStore.getState();
  if (retrying.has(id)) return;
  useRequestsStore.setState({ retrying: new Set(retrying).add(id) });
  try {
    await call(id);
    notifySuccess(done);
    await useRequestsStore.getState().load();
  } catch (error) {
    writeFailed(error, failure, errorMessage(error));
  } finally {
    const still = new Set(useRequestsStore.getState().retrying);
    still.delete(id);
    useRequestsStore.setState({ retrying: still });
  }
}

// What the live stream tells every tab (lib/live-stream.ts): a request in, a request changed, or a gap to reload.
subscribe('live', ({ event }) => applyLiveEvent(useRequestsStore, event));
subscribe('live-reset', () => reloadAfterGap(useRequestsStore));
