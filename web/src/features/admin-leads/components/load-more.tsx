// "Load more" follows the Link header's next page (contract §4); it disappears on the last page.
import { Button } from '../../../components/ui/button';
import { useLeadsStore } from '../leads-store';

export function LoadMore() {
  const next = useLeadsStore((s) => s.next);
  const loadingMore = useLeadsStore((s) => s.loadingMore);
  const error = useLeadsStore((s) => s.loadMoreError);
  const loadMore = useLeadsStore((s) => s.loadMore);
  const count = useLeadsStore((s) => s.leads.length);
  // While a new search or filter loads, the old list's next page is no longer the one to fetch.
  const reloading = useLeadsStore((s) => s.leadsStatus === 'loading');

  if (!next || reloading) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      <Button variant="secondary" onClick={() => void loadMore()} disabled={loadingMore}>
        {loadingMore ? 'Loading...' : 'Load more'}
      </Button>
      <p className="text-xs text-slate-500" aria-live="polite">
        {error ? `More leads could not be loaded (${error}).` : `Showing ${count} leads`}
      </p>
    </div>
  );
}
