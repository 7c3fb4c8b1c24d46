// Working a lead in its details (issue #31): an admin gives it to somebody (lead-assign-form.tsx), anyone who may
// work it moves it to another stage (Not a fit needs a reason) or writes a note, and reads its timeline: every
// note and owner and stage change with who and when, newest first, read again whenever the owner or stage shown
// changes (a take, an assignment, a stage saved here). The stage and
// the note are checked with the server's own schemas, their errors tied to their fields; a note keeps one
// Idempotency-Key until it is stored, so pressing Add note again after a lost answer adds it once. Offline, a
// note or a stage goes to the outbox and is sent once when the network returns.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import {
  LEAD_STAGE_LABELS,
  LEAD_STAGES,
  LEAD_WORK_LIMITS,
  leadNoteInputSchema,
  leadStageInputSchema,
  NOT_A_FIT_REASONS,
  type Lead,
  type LeadStage,
  type LeadTimelineEntry,
} from '@contract';
import { Button } from '../../../components/ui/button';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { formatDateTime } from '../../../lib/format';
import { subscribe } from '../../../lib/events';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { describeError } from '../../../lib/server-error';
import { addLeadNote, changeLeadStage, fetchLeadTimeline } from '../leads-api';
import { STAGE_KEPT_MESSAGE } from '../lead-change-outbox';
import { LeadAssignForm } from './lead-assign-form';

type Timeline = { state: 'loading' } | { state: 'ready'; entries: LeadTimelineEntry[] } | { state: 'error'; message: string };

/**
 * `focus`: the control the dialog opens on (Headless UI's Dialog focuses the element marked data-autofocus).
 * `canAssign`: the signed-in person is an admin, who may give the lead to anyone.
 */
export function LeadWorkSection({ lead, focus, canAssign, onChanged }: { lead: Lead; focus: 'stage' | 'note' | null; canAssign: boolean; onChanged: (lead: Lead) => void }) {
  const [timeline, setTimeline] = useState<Timeline>({ state: 'loading' });
  const load = useCallback(async () => {
    try {
      setTimeline({ state: 'ready', entries: await fetchLeadTimeline(lead.id) });
    } catch (error) {
      setTimeline({ state: 'error', message: describeError(error) });
    }
  }, [lead.id]);
  const { stage, stageReason } = lead;
  const ownerId = lead.owner?.id;
  // Each change of owner or stage wrote a timeline line on the server: read it again to show that line.
  useEffect(() => void load(), [load, ownerId, stage, stageReason]);

  return (
    <section aria-labelledby={`lead-${lead.id}-work`} className="space-y-4">
      <h3 id={`lead-${lead.id}-work`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Follow-up
      </h3>
      {canAssign ? <LeadAssignForm lead={lead} onAssigned={onChanged} /> : null}
      <StageForm lead={lead} autoFocus={focus === 'stage'} onSaved={onChanged} />
      <NoteForm leadId={lead.id} autoFocus={focus === 'note'} onAdded={load} />
      <TimelineList timeline={timeline} />
    </section>
  );
}

function StageForm({ lead, autoFocus, onSaved }: { lead: Lead; autoFocus: boolean; onSaved: (lead: Lead) => void }) {
  const [stage, setStage] = useState<LeadStage>(lead.stage);
  const [reason, setReason] = useState(lead.stageReason ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Offline: the stage waits on this device; the dialog shows it once it is sent (lead-detail-dialog.tsx).
  const [kept, setKept] = useState(false);
  const reasonListId = `lead-${lead.id}-reasons`;
  const { stage: shown, stageReason: shownReason } = lead;
  useEffect(() => setKept(false), [shown, shownReason]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = leadStageInputSchema.safeParse({ stage, reason: stage === 'not_a_fit' ? reason : undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please check the stage');
      return;
    }
    setBusy(true);
    setError(null);
    setKept(false);
    try {
      const result = await changeLeadStage(lead, parsed.data);
      if (result.status === 'queued') setKept(true);
      else onSaved(result.lead);
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="flex flex-wrap items-end gap-3">
      <SelectField label="Move to stage" data-autofocus={autoFocus || undefined} value={stage} onChange={(event) => setStage(event.target.value as LeadStage)} className="w-44" error={stage === 'not_a_fit' ? undefined : (error ?? undefined)}>
        {LEAD_STAGES.map((value) => (
          <option key={value} value={value}>
            {LEAD_STAGE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {stage === 'not_a_fit' ? (
        <>
          <TextField label="Reason" list={reasonListId} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={LEAD_WORK_LIMITS.reason} required className="w-52" error={error ?? undefined} />
          <datalist id={reasonListId}>
            {NOT_A_FIT_REASONS.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </>
      ) : null}
      <Button type="submit" variant="secondary" disabled={busy}>
        Save stage
      </Button>
      {kept ? (
        <p role="status" className="basis-full text-sm text-slate-700">
          {STAGE_KEPT_MESSAGE}
        </p>
      ) : null}
    </form>
  );
}

function NoteForm({ leadId, autoFocus, onAdded }: { leadId: number; autoFocus: boolean; onAdded: () => void }) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per note: kept through retries of the same text, new once it is stored or the text changes.
  const [key, setKey] = useState(newIdempotencyKey);
  // Offline: the note waits on this device and goes once the network returns; the timeline then reads again.
  const [kept, setKept] = useState(false);
  useEffect(
    () =>
      subscribe(['delivered'], (event) => {
        if (event.type !== 'delivered' || !event.items.some((item) => item.kind === 'lead-note')) return;
        setKept(false);
        onAdded();
      }),
    [onAdded],
  );

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = leadNoteInputSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please write a note');
      return;
    }
    setBusy(true);
    setError(null);
    setKept(false);
    try {
      const outcome = await addLeadNote(leadId, parsed.data, key);
      setBody('');
      setKey(newIdempotencyKey());
      if (outcome === 'queued') setKept(true);
      else onAdded();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void add(event)} className="space-y-2">
      <TextAreaField
        label="Note"
        data-autofocus={autoFocus || undefined}
        rows={2}
        value={body}
        maxChars={LEAD_WORK_LIMITS.note}
        error={error ?? undefined}
        onChange={(event) => {
          setBody(event.target.value);
          setKey(newIdempotencyKey());
        }}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        Add note
      </Button>
      {kept ? (
        <p role="status" className="text-sm text-slate-700">
          No connection: the note is saved on this device and will be sent when the network returns.
        </p>
      ) : null}
    </form>
  );
}

function TimelineList({ timeline }: { timeline: Timeline }) {
  if (timeline.state === 'loading') return <p className="text-slate-500">Loading the timeline...</p>;
  if (timeline.state === 'error') return <p className="text-red-700">The timeline could not be loaded: {timeline.message}</p>;
  if (timeline.entries.length === 0) return <p className="text-slate-500">No notes or changes yet.</p>;
  return (
    <ol aria-label="Timeline" className="space-y-2 border-l-2 border-slate-200 pl-3">
      {timeline.entries.map((entry) => (
        <li key={`${entry.kind}-${entry.id}`}>
          <p className="text-xs text-slate-500">
            {formatDateTime(entry.at)} · {entry.actor?.name ?? 'The system'}
          </p>
          <p className="whitespace-pre-line text-slate-800">{describeEntry(entry)}</p>
        </li>
      ))}
    </ol>
  );
}

function describeEntry(entry: LeadTimelineEntry): string {
  switch (entry.kind) {
    case 'note':
      return entry.body;
    case 'owner':
      return entry.to ? `Owner: ${entry.to.name}${entry.from ? ` (was ${entry.from.name})` : ''}` : `Unassigned (was ${entry.from?.name ?? 'nobody'})`;
    case 'stage':
      return `Stage: ${LEAD_STAGE_LABELS[entry.from]} → ${LEAD_STAGE_LABELS[entry.to]}${entry.reason ? ` (${entry.reason})` : ''}`;
  }
}
