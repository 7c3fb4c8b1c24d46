// The retention rule: off until staff turn it on; the period in months; a preview of what a run would erase
// now; and what the rule is and last did.
import { useEffect, type FormEvent } from 'react';
import { RETENTION_MONTHS_MAX } from '@contract';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { WriteButton } from '../../../components/ui/write-button';
import { ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useRetentionStore } from '../retention-store';
import { listed, plural, removedWords } from '../counts';

export function RetentionPanel() {
  const s = useRetentionStore();
  useEffect(() => useRetentionStore.getState().ensureLoaded(), []);
  if (s.status === 'loading' || s.status === 'idle') return <LoadingText>Loading the retention rule…</LoadingText>;
  if (s.status === 'error') return <ErrorPanel title="Failed to load the retention rule" detail={s.error} onRetry={() => void s.load()} />;
  const saved = s.saved!;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void s.save();
  };
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-sm text-slate-700">
        {saved.enabled ? (
          <>
            <strong>On:</strong> leads, captures, card photos and sample requests older than {plural(saved.months, 'month')} are erased every hour,
            in Pipedrive too, as a person&rsquo;s erasure is.
          </>
        ) : (
          <>
            <strong>Off:</strong> nothing is erased automatically.
          </>
        )}
        {saved.updatedAt ? ` Changed ${formatDateTime(saved.updatedAt)}${saved.updatedBy ? ` by ${saved.updatedBy}` : ''}.` : ''}
        {saved.lastRun ? ` Last run ${formatDateTime(saved.lastRun.at)}: erased ${removedWords(saved.lastRun.removed)}.` : ''}
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <SwitchField
          label="Erase old records automatically"
          hint="A lead counts from its last capture; a sample request from when it was sent."
          checked={s.enabled}
          onChange={s.setEnabled}
        />
        <div className="max-w-xs">
          <TextField
            label="Keep records for (months)"
            type="number"
            inputMode="numeric"
            min={1}
            max={RETENTION_MONTHS_MAX}
            value={s.months}
            onChange={(e) => s.setMonths(e.target.value)}
            error={s.monthsError ?? undefined}
            hint={`1 to ${RETENTION_MONTHS_MAX}`}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => void s.showPreview()} disabled={s.previewing}>
            {s.previewing ? 'Counting…' : 'Preview'}
          </Button>
          <WriteButton type="submit" disabled={s.saving}>
            {s.saving ? 'Saving…' : 'Save'}
          </WriteButton>
        </div>
        <p role="status" className="text-sm text-slate-700">
          {s.preview
            ? `With ${plural(s.preview.months, 'month')}, a run now would erase ${listed([
                plural(s.preview.leads, 'lead'),
                plural(s.preview.captures, 'capture'),
                plural(s.preview.photos, 'card photo'),
                plural(s.preview.sampleRequests, 'sample request'),
              ])}: everything last touched before ${formatDate(s.preview.cutoff)}.`
            : ''}
        </p>
      </form>
    </div>
  );
}
