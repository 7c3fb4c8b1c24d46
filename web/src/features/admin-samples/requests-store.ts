// Print-sample requests: the list and the Pending/Processed toggle, which sends the opposite of the value
// shown, and then refetches the list.
import { create } from 'zustand';
import type { SampleRequest } from '@contract';
import { notifySuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/server-error';
import { fetchSampleRequests, retrySampleSync, setProcessed } from './samples-api';
import { readFailed, writeFailed } from './failure';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface RequestsState {
  requests: SampleRequest[];
  status: Status;
  error: string | null;
  /** Requests whose toggle is on its way, so a second press cannot send the same change twice. */
  updating: Set<number>;
  ensureLoaded: () => void;
  load: () => Promise<void>;
  toggleProcessed: (request: SampleRequest) => Promise<void>;
  /** Requests whose "Retry sync" is on its way. */
  retrying: Set<number>;
  retrySync: (id: number) => Promise<void>;
}

export const useRequestsStore = create<RequestsState>()((set, get) => ({
  requests: [],
  status: 'idle',
  error: null,
  updating: new Set(),
  retrying: new Set(),

  ensureLoaded: () => {
    if (get().status === 'idle') void get().load();
  },

  load: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ requests: await fetchSampleRequests(), status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: readFailed(error) });
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

  retrySync: async (id) => {
    if (get().retrying.has(id)) return;
    set({ retrying: new Set(get().retrying).add(id) });
    try {
      await retrySampleSync(id);
      notifySuccess('Sync queued again');
      await get().load();
    } catch (error) {
      writeFailed(error, 'Failed to retry sync', errorMessage(error));
    } finally {
      const retrying = new Set(get().retrying);
      retrying.delete(id);
      set({ retrying });
    }
  },
}));
