// Lead status colours of spec §4: new green, synced blue, sync_failed destructive, anything else neutral; a
// lead without a status counts as new.
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<string, BadgeTone> = { new: 'green', synced: 'blue', sync_failed: 'destructive' };

export function LeadStatusBadge({ status }: { status: string | null | undefined }) {
  const value = status || 'new';
  return <Badge tone={TONES[value] ?? 'neutral'}>{value}</Badge>;
}
