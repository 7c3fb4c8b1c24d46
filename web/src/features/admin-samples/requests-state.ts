// The Requests tab store's shape (requests-store.ts). The requests themselves are the paged live list beside it
// (useRequestsList, lib/paged-live-list.ts).
import type { SampleRequest } from '@contract';

export interface RequestsState {
  /** Requests whose toggle is on its way, so a second press cannot send the same change twice. */
  updating: Set<number>;
  ensureLoaded: () => void;
  toggleProcessed: (request: SampleRequest) => Promise<void>;
  /** Requests whose "Retry sync" or "Not spam" is on its way. */
  retrying: Set<number>;
  retrySync: (id: number) => Promise<void>;
  /** true: the list shows the suspected spam waiting in quarantine instead of the requests. */
  spam: boolean;
  showSpam: (spam: boolean) => Promise<void>;
  releaseFromSpam: (id: number) => Promise<void>;
}
