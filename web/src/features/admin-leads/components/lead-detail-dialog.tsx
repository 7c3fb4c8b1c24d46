// One lead with every field it has: contact, request, where it was captured and by whom, its CRM
// status with the reason of a failed sync, and the visit's attribution (UTM parameters, referrer, landing page).
import type { ReactNode } from 'react';
import type { Attribution, Lead } from '@contract';
import { Modal } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { industryLabel, volumeLabel } from './lead-labels';
import { LeadStatusBadge } from './lead-status-badge';
import { LeadCaptureDetails } from './lead-capture-details';

const ATTRIBUTION_FIELDS: { key: keyof Attribution; label: string }[] = [
  { key: 'utmSource', label: 'UTM source' },
  { key: 'utmMedium', label: 'UTM medium' },
  { key: 'utmCampaign', label: 'UTM campaign' },
  { key: 'utmTerm', label: 'UTM term' },
  { key: 'utmContent', label: 'UTM content' },
  { key: 'referrer', label: 'Referrer' },
  { key: 'landingPage', label: 'Landing page' },
];

export function LeadDetailDialog({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  return (
    <Modal open={lead !== null} onClose={onClose} title="Lead details" size="lg">
      {lead ? <LeadDetails lead={lead} /> : null}
    </Modal>
  );
}

function LeadDetails({ lead }: { lead: Lead }) {
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
        <Field term="Status">
          <LeadStatusBadge status={lead.status} />
        </Field>
        {lead.status === 'sync_failed' && lead.syncError ? <Field term="Sync error">{lead.syncError}</Field> : null}
      </dl>
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

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="w-28 shrink-0 text-slate-500">{term}</dt>
      <dd className="min-w-0 text-slate-800">{children ?? <span className="text-slate-400">Not given</span>}</dd>
    </div>
  );
}
