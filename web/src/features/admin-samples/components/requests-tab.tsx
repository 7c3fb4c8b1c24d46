// The Sample Requests tab: the `N Total Requests` badge (every request, loaded or not), a card per loaded
// request, and "Load more" while the server has more. j / k move through the cards, x toggles the selected
// one's Pending/Processed.
import { useCallback, useRef } from 'react';
import type { SampleRequest } from '@contract';
import { NewMark } from '../../../components/ui/new-mark';
import { Badge } from '../../../components/ui/badge';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { LoadMoreButton } from '../../../components/ui/load-more';
import { ariaKeyShortcuts, SHORTCUTS, useKeyboardShortcuts } from '../../../lib/keyboard-shortcuts';
import { moveListSelection, selectedListItem } from '../../../lib/list-selection';
import { useWritesPaused } from '../../../lib/offline-data';
import { useSeen } from '../../../lib/use-seen';
import { useRequestsList, useRequestsStore } from '../requests-store';
import { RequestCard } from './request-card';

export function RequestsTab() {
  const requests = useRequestsList((s) => s.items);
  const status = useRequestsList((s) => s.status);
  const error = useRequestsList((s) => s.error);
  const load = useRequestsList((s) => s.load);
  const total = useRequestsList((s) => s.total ?? 0);
  const next = useRequestsList((s) => s.next);
  const loadingMore = useRequestsList((s) => s.loadingMore);
  const loadMoreError = useRequestsList((s) => s.loadMoreError);
  const loadMore = useRequestsList((s) => s.loadMore);
  const spam = useRequestsStore((s) => s.spam);
  const showSpam = useRequestsStore((s) => s.showSpam);
  const toggleProcessed = useRequestsStore((s) => s.toggleProcessed);
  const paused = useWritesPaused();
  const list = useRef<HTMLUListElement>(null);
  useKeyboardShortcuts([
    [SHORTCUTS.next, () => moveListSelection(list.current, 1)],
    [SHORTCUTS.previous, () => moveListSelection(list.current, -1)],
    [
      SHORTCUTS.toggleProcessed,
      () => {
        // The same as pressing the selected card's toggle, which is disabled while offline.
        const id = Number(selectedListItem(list.current)?.dataset.requestId);
        const request = requests.find((r) => r.id === id);
        if (request && !paused) void toggleProcessed(request);
      },
    ],
  ]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Sample Requests</h2>
        <div className="flex flex-wrap items-center gap-4">
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              checked={spam}
              onChange={(event) => void showSpam(event.target.checked)}
              className="h-4 w-4 rounded border-slate-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
            />
            Suspected spam
          </label>
          <Badge tone="brand">{`${Math.max(total, requests.length)} Total Requests`}</Badge>
        </div>
      </div>
      {status === 'error' ? (
        <ErrorPanel title="The sample requests could not be loaded." detail={error} onRetry={() => void load()} />
      ) : status !== 'ready' && requests.length === 0 ? (
        <LoadingText>Loading sample requests...</LoadingText>
      ) : requests.length === 0 ? (
        <EmptyText>{spam ? 'No suspected spam.' : 'No sample requests yet.'}</EmptyText>
      ) : (
        <>
          <ul ref={list} aria-label="Sample requests" aria-keyshortcuts={ariaKeyShortcuts(SHORTCUTS.next, SHORTCUTS.previous)} className="space-y-4">
            {requests.map((request) => (
              <RequestItem key={request.id} request={request} />
            ))}
          </ul>
          <LoadMoreButton
            hasMore={Boolean(next) && status !== 'loading'}
            loading={loadingMore}
            error={loadMoreError}
            shown={`Showing ${requests.length} of ${total} requests`}
            what="More requests"
            onLoadMore={() => void loadMore()}
          />
        </>
      )}
    </div>
  );
}

/** One request of the list; one the live stream added is marked "New" until it has been on screen a moment. */
function RequestItem({ request }: { request: SampleRequest }) {
  const ref = useRef<HTMLLIElement>(null);
  const isNew = useRequestsList((s) => s.newIds.has(request.id));
  const markSeen = useRequestsList((s) => s.markSeen);
  const seen = useCallback(() => markSeen(request.id), [markSeen, request.id]);
  useSeen(ref, isNew, seen);
  return (
    <li ref={ref} data-list-item data-request-id={request.id} className="relative">
      {isNew ? (
        <span className="absolute -top-2 left-4 z-10">
          <NewMark />
        </span>
      ) : null}
      <RequestCard request={request} />
    </li>
  );
}
