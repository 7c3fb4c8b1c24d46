// Print-sample requests: the list (a paged live list, lib/paged-live-list.ts: a page at a time, "Load more" for
// the next, live requests in at the top) and the Pending/Processed toggle, which sends the opposite of the
// value shown, and then refetches as many requests as are shown.
import { create } from 'zustand';
import type { RequestsState } from './requests-state';
import { PAGE_LIMIT, type SampleRequest } from '@contract';
import { notifySuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/server-error';
import { createPagedLiveList } from '../../lib/paged-live-list';
import { fetchSampleRequests, releaseSampleRequest, REQUESTS_PAGE_SIZE, retrySampleSync, setProcessed } from './samples-api';
import { readFailed, writeFailed } from './failure';

/**
 * The requests, newest first. A new request from the live stream goes in at the top, and the "N Total Requests"
 * badge counts it, except while the tab shows the suspected spam (a live request is never spam).
 */
export const useRequestsList = createPagedLiveList<SampleRequest>({
  firstPage: async (shown) => {
    // A refresh after a change keeps as many requests on screen as were there (up to the server's page maximum).
    const limit = Math.min(PAGE_LIMIT.max, Math.max(REQUESTS_PAGE_SIZE, shown));
    const page = await fetchSampleRequests({ limit, spam: useRequestsStore.getState().spam });
    return { items: page.requests, next: page.next, total: page.total };
  },
  nextPage: async (next) => {
    const page = await fetchSampleRequests({ next });
    return { items: page.requests, next: page.next, total: page.total };
  },
  failed: readFailed,
  recordOf: (event) => (event.recordKind === 'sample' ? (event.record as SampleRequest) : null),
  addsNew: (event) => event.type === 'sample.created' && !useRequestsStore.getState().spam,
});

const reload = () => useRequestsList.getState().load();

export const useRequestsStore = create<RequestsState>()((set, get) => ({
  updating: new Set(),
  retrying: new Set(),
  spam: false,

  ensureLoaded: () => {
    if (useRequestsList.getState().status === 'idle') void reload();
  },

  toggleProcessed: async (request) => {
    if (get().updating.has(request.id)) return;
    set({ updating: new Set(get().updating).add(request.id) });
    try {
      await setProcessed(request.id, !request.processed);
      notifySuccess('Sample request updated successfully');
      await reload();
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
    set({ spam });
    useRequestsList.getState().clear();
    await reload();
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
    await reload();
  } catch (error) {
    writeFailed(error, failure, errorMessage(error));
  } finally {
    const still = new Set(useRequestsStore.getState().retrying);
    still.delete(id);
    useRequestsStore.setState({ retrying: still });
  }
}
