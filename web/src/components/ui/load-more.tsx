// "Load more" for a paged list: follows the server's next page and disappears on the last one.
import { Button } from './button';

interface LoadMoreProps {
  /** False on the last page (or while the list reloads): the button is not shown. */
  hasMore: boolean;
  loading: boolean;
  /** Why the last try failed, or null. */
  error: string | null;
  /** What the line under the button says while nothing failed, e.g. "Showing 25 leads". */
  shown: string;
  /** What could not be loaded, e.g. "More leads". */
  what: string;
  onLoadMore: () => void;
}

export function LoadMoreButton({ hasMore, loading, error, shown, what, onLoadMore }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      <Button variant="secondary" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Loading...' : 'Load more'}
      </Button>
      <p className="text-xs text-slate-500" aria-live="polite">
        {error ? `${what} could not be loaded (${error}).` : shown}
      </p>
    </div>
  );
}
