// One lead with every field it has: contact, request, where it was captured and by whom, who owns it ("Take it"
// while nobody does) and its stage, its CRM status with the reason of a failed sync, the follow-up (an admin's
// Owner and Assign, stage, notes, timeline) and the visit's attribution (UTM parameters, referrer, landing page).
import { useEffect, useState, type ReactNode } from 'react';
import { LEAD_STAGE_LABELS, type Attribution, type Lead } from '@contract';
import { Button } from '../../../components/ui/button';
import { describeError, ServerError } from '../../../lib/server-error';
import { subscribe } from '../../../lib/events';
import { deliveredLeads, takeKeptMessage } from '../lead-change-outbox';
import { fetchLead, takeLead } from '../leads-api';
import { useLeadsList } from '../leads-store';
import { Modal } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { industryLabel, volumeLabel } from './lead-labels';
import { LeadStatusBadge } from './lead-status-badge';
import { LeadCaptureDetails } from './lead-capture-details';
import { LeadWorkSection } from './lead-work-section';

const ATTRIBUTION_FIELDS: { key: keyof Attribution; label: string }[] = [
  { key: 'utmSource', label: 'UTM source' },
  { key: 'utmMedium', label: 'UTM medium' },
  { key: 'utmCampaign', label: 'UTM campaign' },
  { key: 'utmTerm', label: 'UTM term' },
  { key: 'utmContent', label: 'UTM content' },
  { key: 'referrer', label: 'Referrer' },
  { key: 'landingPage', label: 'Landing page' },
];

/** Where the dialog puts the focus when it opens: the stage or the note (the desk's s and n), else its first control. */
export type DetailFocus = 'stage' | 'note' | null;

/** `canAssign`: the signed-in person is an admin (the page knows who is signed in; this feature does not ask). */
export function LeadDetailDialog({ lead, focus = null, canAssign, onClose }: { lead: Lead | null; focus?: DetailFocus; canAssign: boolean; onClose: () => void }) {
  return (
    <Modal open={lead !== null} onClose={onClose} title="Lead details" size="lg">
      {lead ? <LeadDetails key={lead.id} lead={lead} focus={focus} canAssign={canAssign} /> : null}
    </Modal>
  );
}

function LeadDetails({ lead: opened, focus, canAssign }: { lead: Lead; focus: DetailFocus; canAssign: boolean }) {
  // The lead as this dialog last changed it (taken, assigned, its stage); the list behind it is given the same
  // answer at once, and other desks hear of it through the live stream.
  const [lead, setLead] = useState(opened);
  const changed = (now: Lead) => {
    setLead(now);
    useLeadsList.getState().replace(now);
  };
  // A take or stage change of this lead that waited on the device, now sent: show the server's answer.
  useEffect(
    () =>
      subscribe('delivered', ({ items }) => {
        const sent = deliveredLeads(items).find((item) => item.id === opened.id);
        if (sent) setLead(sent);
      }),
    [opened.id],
  );
  const attribution = ATTRIBUTION_FIELDS.filter(({ key }) => lead.attribution?.[key]);
  return (
    <div className="space-y-5 text-sm">
      <dl className="space-y-1.5">
        <Field term="Name">
          {lead.firstName} {lead.lastName}
        </Field>
        <Field term="Email">
          <a className="break-all text-brand-800 underline" href={`mailto:${lead.email}`}>
            {lead.email}
          </a>
        </Field>
        <Field term="Phone">{lead.phone}</Field>
        <Field term="Company">{lead.company}</Field>
        <Field term="Industry">{industryLabel(lead.industry)}</Field>
        <Field term="Volume">{volumeLabel(lead.volume)}</Field>
        <Field term="Source">{lead.source}</Field>
        <Field term="Lead source">{lead.leadSource}</Field>
        {lead.eventName ? <Field term="Event">{lead.eventName}</Field> : null}
        {lead.capturedBy ? <Field term="Captured by">{lead.capturedBy}</Field> : null}
        <Field term="Received">{formatDateTime(lead.createdAt)}</Field>
        <OwnerField lead={lead} onChanged={changed} />
        <Field term="Stage">
          {LEAD_STAGE_LABELS[lead.stage]}
          {lead.stage === 'not_a_fit' && lead.stageReason ? `: ${lead.stageReason}` : ''}
        </Field>
        <Field term="Status">
          <LeadStatusBadge status={lead.status} />
        </Field>
        {lead.status === 'sync_failed' && lead.syncError ? <Field term="Sync error">{lead.syncError}</Field> : null}
      </dl>
      <LeadWorkSection lead={lead} focus={focus} canAssign={canAssign} onChanged={changed} />
      <LeadCaptureDetails lead={lead} />
      <div>
        <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Message</h3>
        {lead.message ? <p className="whitespace-pre-line text-slate-800">{lead.message}</p> : <p className="text-slate-500">No message</p>}
      </div>
      <section aria-labelledby={`lead-${lead.id}-attribution`}>
        <h3 id={`lead-${lead.id}-attribution`} className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
          Attribution
        </h3>
        {attribution.length === 0 ? (
          <p className="text-slate-500">No attribution recorded</p>
        ) : (
          <dl className="space-y-1.5">
            {attribution.map(({ key, label }) => (
              <Field key={key} term={label}>
                <span className="break-all">{lead.attribution?.[key]}</span>
              </Field>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}

/** Who owns the lead; while nobody does, "Take it" makes it the signed-in person's, or says who was quicker. */
function OwnerField({ lead, onChanged }: { lead: Lead; onChanged: (lead: Lead) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  // Offline: the take waits on this device; the lead shows its owner once it is sent.
  const [kept, setKept] = useState(false);
  const [busy, setBusy] = useState(false);
  const problemId = `lead-${lead.id}-take-problem`;
  const owner = lead.owner;
  const take = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await takeLead(lead);
      if (result.status === 'queued') setKept(true);
      else onChanged(result.lead);
    } catch (error) {
      // Somebody was quicker: the server's sentence names them, and the lead is read again to show them as its
      // owner. Anything else in the product's error wording, with the button kept for another try.
      const taken = error instanceof ServerError && error.status === 409;
      setProblem(taken ? error.message : describeError(error));
      const now = taken ? await fetchLead(lead.id).catch(() => null) : null;
      if (now) onChanged(now);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Field term="Owner">
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {owner ? owner.name : <span className="text-slate-500">Unassigned</span>}
        {owner ? null : (
          <Button size="sm" variant="secondary" onClick={() => void take()} disabled={busy || kept} aria-describedby={problem ? problemId : undefined}>
            Take it
          </Button>
        )}
      </span>
      {kept && !owner ? (
        <span role="status" className="mt-1 block text-slate-700">
          {takeKeptMessage('this lead')}
        </span>
      ) : null}
      {problem ? (
        <span id={problemId} role="alert" className="mt-1 block text-red-700">
          {problem}
        </span>
      ) : null}
    </Field>
  );
}

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="w-28 shrink-0 text-slate-500">{term}</dt>
      <dd className="min-w-0 text-slate-800">{children ?? <span className="text-slate-500">Not given</span>}</dd>
    </div>
  );
}
