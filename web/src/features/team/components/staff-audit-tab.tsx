// The staff audit log: who did what to whom, when; filtered by action and by who; newest first, 50 at a time.
// Nothing here changes a line: the log is append-only on the server.
import { STAFF_AUDIT_ACTIONS, STAFF_AUDIT_ACTION_LABELS, type StaffAuditEntry } from '@contract';
import { ErrorPanel, EmptyText, LoadingText } from '../../../components/ui/list-state';
import { LoadMoreButton } from '../../../components/ui/load-more';
import { SelectField } from '../../../components/ui/form-field';
import { formatDateTime } from '../../../lib/format';
import { actionLabel, actorOf, detailsOf, subjectOf } from '../audit-text';
import { useStaffAuditStore } from '../staff-audit-store';
import { useTeamStore } from '../team-store';

export function StaffAuditTab() {
  const entries = useStaffAuditStore((s) => s.entries);
  const status = useStaffAuditStore((s) => s.status);
  const error = useStaffAuditStore((s) => s.error);
  const filters = useStaffAuditStore((s) => s.filters);
  const next = useStaffAuditStore((s) => s.next);
  const loadingMore = useStaffAuditStore((s) => s.loadingMore);
  const loadMoreError = useStaffAuditStore((s) => s.loadMoreError);
  const { load, loadMore, setFilters } = useStaffAuditStore.getState();
  // Who can have acted: every account that is not a pending invite.
  const people = useTeamStore((s) => s.staff).filter((m) => m.state !== 'invited');

  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Audit Log</h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
        <SelectField label="Action" value={filters.action} onChange={(e) => void setFilters({ action: e.target.value })}>
          <option value="">All actions</option>
          {STAFF_AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {STAFF_AUDIT_ACTION_LABELS[action]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Who" value={filters.actor} onChange={(e) => void setFilters({ actor: e.target.value })}>
          <option value="">Everyone</option>
          {people.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.name}
            </option>
          ))}
        </SelectField>
      </div>
      {status === 'error' ? (
        <ErrorPanel title="The audit log could not be loaded." detail={error} onRetry={() => void load()} />
      ) : status !== 'ready' ? (
        <LoadingText>Loading the audit log...</LoadingText>
      ) : entries.length === 0 ? (
        <EmptyText>No audit entries found</EmptyText>
      ) : (
        <>
          <ol aria-label="Staff audit entries" className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
            {entries.map((entry) => (
              <AuditLine key={entry.id} entry={entry} />
            ))}
          </ol>
          <LoadMoreButton
            hasMore={next !== null}
            loading={loadingMore}
            error={loadMoreError}
            shown={`Showing ${entries.length} entries`}
            what="More entries"
            onLoadMore={() => void loadMore()}
          />
        </>
      )}
    </div>
  );
}

function AuditLine({ entry }: { entry: StaffAuditEntry }) {
  const subject = subjectOf(entry);
  const details = detailsOf(entry);
  return (
    <li className="px-4 py-4 sm:px-5">
      <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-semibold text-slate-900">{actionLabel(entry)}</span>
        {subject ? <span className="text-slate-800">{subject}</span> : null}
      </p>
      {details ? <p className="mt-1 text-sm text-slate-700">{details}</p> : null}
      <p className="mt-1 text-sm text-slate-600">
        by {actorOf(entry)} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </p>
    </li>
  );
}
