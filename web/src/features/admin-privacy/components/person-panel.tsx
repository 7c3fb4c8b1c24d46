// The looked-up person: what is stored, with Export and Erase; after an erasure, its report; and the
// Pipedrive deletions still waiting in the sync queue.
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { WriteButton } from '../../../components/ui/write-button';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { formatDateTime } from '../../../lib/format';
import { usePersonStore } from '../person-store';
import { listed, pipedriveWords, plural, removedWords } from '../counts';
import { EraseDialog } from './erase-dialog';
import { NotErasedList } from './not-erased-list';
import { PersonRecordsList } from './person-records';

export function PersonPanel() {
  const status = usePersonStore((s) => s.status);
  const records = usePersonStore((s) => s.records);
  const error = usePersonStore((s) => s.error);
  const report = usePersonStore((s) => s.report);
  const exporting = usePersonStore((s) => s.exporting);
  const exportFile = usePersonStore((s) => s.exportFile);
  const [confirming, setConfirming] = useState(false);

  if (status === 'loading') return <LoadingText>Looking everywhere for this address…</LoadingText>;
  if (status === 'error') return <ErrorPanel title="Failed to look up this address" detail={error} />;
  if (!records) return null;
  const photos = records.captures.filter((c) => c.photo).length;
  const total = records.leads.length + records.sampleRequests.length + records.captures.length;
  const summary = listed([
    plural(records.leads.length, 'lead'),
    plural(records.sampleRequests.length, 'sample request'),
    plural(records.captures.length, 'capture'),
    plural(photos, 'card photo'),
  ]);

  return (
    <div className="space-y-4">
      {report ? (
        <div role="status" className="space-y-2 rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p className="font-semibold">
            Erased {records.email}: {removedWords(report.removed)}.
          </p>
          <p>
            {report.removed.pipedrivePersons || report.removed.pipedriveDeals
              ? `Pipedrive: ${pipedriveWords(report.removed)} queued for deletion; the sync deletes them, retrying until Pipedrive answers.`
              : 'Pipedrive: nothing the product made there.'}
          </p>
          <p className="font-semibold">Not reached by the erasure:</p>
          <NotErasedList />
        </div>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="min-w-0">
          <p className="break-all font-semibold text-slate-900">{records.email}</p>
          <p className="text-sm text-slate-600">
            {summary}
            {records.pipedrive.persons || records.pipedrive.deals
              ? ` · Pipedrive: ${pipedriveWords({ pipedrivePersons: records.pipedrive.persons, pipedriveDeals: records.pipedrive.deals })} made by the product`
              : ''}
          </p>
          {records.erasures.length ? (
            <p className="mt-1 text-sm text-slate-600">
              Erased before: {records.erasures.map((e) => `${formatDateTime(e.at)} by ${e.by ?? 'the system'}`).join('; ')}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void exportFile()} disabled={exporting}>
            {exporting ? 'Exporting…' : 'Export (JSON)'}
          </Button>
          <WriteButton variant="danger" onClick={() => setConfirming(true)} disabled={total === 0}>
            Erase everywhere…
          </WriteButton>
        </div>
      </div>
      {total === 0 ? <EmptyText>Nothing is stored for this address.</EmptyText> : <PersonRecordsList records={records} />}
      <EraseDialog records={records} open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}
