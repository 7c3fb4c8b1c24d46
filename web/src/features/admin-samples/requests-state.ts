// The Requests tab store's shape (requests-store.ts), apart so the live stream's handling (live-requests.ts) can name it.
import type { SampleRequest } from '@contract';

export type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface RequestsState {
  requests: SampleRequest[];
  /** How many requests there are in all, loaded or not. */
  total: number;
  /** Query string of the next page, or null when every request is loaded. */
  next: string | null;
  loadingMore: boolean;
  loadMoreError: string | null;
  status: Status;
  error: string | null;
  /** Requests whose toggle is on its way, so a second press cannot send the same change twice. */
  updating: Set<number>;
  ensureLoaded: () => void;
  load: () => Promise<void>;
  loadMore: () => Promise<void>;
  toggleProcessed: (request: SampleRequest) => Promise<void>;
  /** Requests whose "Retry sync" or "Not spam" is on its way. */
  retrying: Set<number>;
  retrySync: (id: number) => Promise<void>;
  /** true: the list shows the suspected spam waiting in quarantine instead of the requests. */
  spam: boolean;
  showSpam: (spam: boolean) => Promise<void>;
  releaseFromSpam: (id: number) => Promise<void>;
  /** Requests the live stream added that the person has not seen yet (marked "New"). */
  newIds: Set<number>;
  markSeen: (id: number) => void;
}
