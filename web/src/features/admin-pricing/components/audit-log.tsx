// The Audit Log tab: newest first, each entry's action, product, who, when and what changed;
// 'No audit logs found' when empty.
import type { PricingAuditEntry } from '@contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { formatDateTime } from '../../../lib/format';
import { describeChanges } from '../audit-changes';
import { usePricingStore } from '../pricing-store';

const ACTION_TONES: Record<string, BadgeTone> = { create: 'green', update: 'blue', visibility: 'brand', delete: 'destructive' };

export function AuditLog() {
  const audit = usePricingStore((s) => s.audit);
  const status = usePricingStore((s) => s.auditStatus);
  const error = usePricingStore((s) => s.auditError);
  const load = usePricingStore((s) => s.loadAudit);

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Audit Log</h2>
      {status === 'error' ? (
        <ErrorPanel title="The audit log could not be loaded." detail={error} onRetry={() => void load()} />
      ) : status !== 'ready' && audit.length === 0 ? (
        <LoadingText>Loading audit logs...</LoadingText>
      ) : audit.length === 0 ? (
        <EmptyText>No audit logs found</EmptyText>
      ) : (
        <ol aria-label="Audit entries" className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {audit.map((entry) => (
            <AuditEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
    </div>
  );
}

function AuditEntry({ entry }: { entry: PricingAuditEntry }) {
  const changes = describeChanges(entry);
  const product = entry.productName ?? (entry.productId !== null ? `Product #${entry.productId}` : 'Unknown product');
  return (
    <li className="px-4 py-4 sm:px-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge tone={ACTION_TONES[entry.action] ?? 'neutral'}>{entry.action}</Badge>
        <span className="font-semibold text-slate-900">{product}</span>
        <span className="text-sm text-slate-600">
          by {entry.userName ?? 'an unknown user'} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
        </span>
      </div>
      {changes.length ? (
        <ul className="mt-2 space-y-1 text-sm">
          {changes.map((c) => (
            <li key={c.label} className="text-slate-700">
              <span className="font-medium text-slate-900">{c.label}:</span>{' '}
              {entry.action === 'create' ? (
                <span>{c.after ?? '(none)'}</span>
              ) : (
                <>
                  <del className="text-slate-500">{c.before ?? '(none)'}</del> → <ins className="no-underline">{c.after ?? '(none)'}</ins>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
