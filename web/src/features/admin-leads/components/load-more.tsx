// "Load more" follows the Link header's next page; it disappears on the last page.
import { LoadMoreButton } from '../../../components/ui/load-more';
import { useLeadsStore } from '../leads-store';

export function LoadMore() {
  const next = useLeadsStore((s) => s.next);
  const loadingMore = useLeadsStore((s) => s.loadingMore);
  const error = useLeadsStore((s) => s.loadMoreError);
  const loadMore = useLeadsStore((s) => s.loadMore);
  const count = useLeadsStore((s) => s.leads.length);
  // While a new search or filter loads, the old list's next page is no longer the one to fetch.
  const reloading = useLeadsStore((s) => s.leadsStatus === 'loading');

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
