// Lead status colours: new green, synced blue, sync_failed destructive, anything else neutral; a
// lead without a status counts as new.
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<string, BadgeTone> = { new: 'green', synced: 'blue', sync_failed: 'destructive' };

/**
 * A failed sync's reason is the badge's tooltip and, for screen readers, a visually hidden
 * description tied to it (a `div`, so the badge stays the status cell's only `span`).
 */
export function LeadStatusBadge({ status, syncError, id }: { status: string | null | undefined; syncError?: string | null; id?: string }) {
  const value = status || 'new';
  const reason = value === 'sync_failed' && syncError ? syncError : null;
  const reasonId = reason && id ? `${id}-sync-error` : undefined;
  return (
    <>
      <Badge tone={TONES[value] ?? 'neutral'} title={reason ?? undefined} aria-describedby={reasonId}>
        {value}
      </Badge>
      {reason ? (
        <div id={reasonId} className="sr-only">
          Sync error: {reason}
        </div>
      ) : null}
    </>
  );
}
