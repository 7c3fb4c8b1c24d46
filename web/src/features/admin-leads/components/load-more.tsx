// "Load more" follows the Link header's next page; it disappears on the last page.
import { LoadMoreButton } from '../../../components/ui/load-more';
import { useLeadsList } from '../leads-store';

export function LoadMore() {
  const next = useLeadsList((s) => s.next);
  const loadingMore = useLeadsList((s) => s.loadingMore);
  const error = useLeadsList((s) => s.loadMoreError);
  const loadMore = useLeadsList((s) => s.loadMore);
  const count = useLeadsList((s) => s.items.length);
  // While a new search or filter loads, the old list's next page is no longer the one to fetch.
  const reloading = useLeadsList((s) => s.status === 'loading');

  return (
    <LoadMoreButton
      hasMore={Boolean(next) && !reloading}
      loading={loadingMore}
      error={error}
      shown={`Showing ${count} leads`}
      what="More leads"
      onLoadMore={() => void loadMore()}
    />
  );
}
