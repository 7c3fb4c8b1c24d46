// Everything stored for the address, together: the leads (suspected spam marked), the sample requests, the
// captures with their card photos and the person's consent, and what Pipedrive holds that the product made.
import type { ReactNode } from 'react';
import { SAMPLE_TYPES, SPAM_REASON_LABELS, type Lead, type PersonCapture, type PersonRecords, type SampleRequest } from '@contract';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';

export function PersonRecordsList({ records }: { records: PersonRecords }) {
  return (
    <div className="space-y-6">
      <RecordGroup title="Leads" count={records.leads.length}>
        {records.leads.map((lead) => (
          <LeadCard key={lead.id} lead={lead} />
        ))}
      </RecordGroup>
      <RecordGroup title="Sample requests" count={records.sampleRequests.length}>
        {records.sampleRequests.map((request) => (
          <SampleCard key={request.id} request={request} />
        ))}
      </RecordGroup>
      <RecordGroup title="Event captures" count={records.captures.length}>
        {records.captures.map((capture) => (
          <CaptureCard key={capture.captureKey} capture={capture} />
        ))}
      </RecordGroup>
    </div>
  );
}

function RecordGroup({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-label={title}>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-500">({count})</span>
      </h3>
      <ul className="grid gap-3 lg:grid-cols-2">{children}</ul>
    </section>
  );
}

function Card({ title, meta, badges, after, children }: { title: string; meta: string; badges?: ReactNode; after?: ReactNode; children: ReactNode }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{title}</p>
          <p className="text-xs text-slate-500">{meta}</p>
        </div>
        {badges ? <div className="flex flex-wrap gap-1.5">{badges}</div> : null}
      </div>
      <dl className="mt-3 space-y-1 text-sm">{children}</dl>
      {after}
    </li>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-medium text-slate-600">{term}:</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

function consentOf(lead: Lead): string | null {
  if (lead.consentGiven === null) return null;
  if (!lead.consentGiven) return 'Not given';
  return `Given${lead.consentAt ? ` ${formatDateTime(lead.consentAt)}` : ''}${lead.consentTextVersion ? ` (wording ${lead.consentTextVersion})` : ''}`;
}

function attributionOf(lead: Pick<Lead, 'attribution'>): string | null {
  const a = lead.attribution;
  if (!a) return null;
  return Object.entries(a)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
}

function LeadCard({ lead }: { lead: Lead }) {
  return (
    <Card
      title={`${lead.firstName} ${lead.lastName}`}
      meta={`Lead #${lead.id} · ${formatDateTime(lead.createdAt)}`}
      badges={
        <>
          <Badge tone={lead.status === 'synced' ? 'green' : lead.status === 'sync_failed' ? 'destructive' : 'blue'}>{lead.status}</Badge>
          {lead.spamReason ? <Badge tone="destructive">{SPAM_REASON_LABELS[lead.spamReason]}</Badge> : null}
        </>
      }
    >
      <Row term="E-mail">{lead.email}</Row>
      <Row term="Company">{lead.company}</Row>
      <Row term="Phone">{lead.phone}</Row>
      <Row term="Source">{lead.eventName ? `${lead.source} · captured by ${lead.capturedBy ?? 'a former account'}` : lead.source}</Row>
      <Row term="Consent">{consentOf(lead)}</Row>
      <Row term="Message">{lead.message}</Row>
      <Row term="Attribution">{attributionOf(lead)}</Row>
    </Card>
  );
}

function SampleCard({ request }: { request: SampleRequest }) {
  const type = SAMPLE_TYPES.find((t) => t.value === request.sampleType)?.label ?? request.sampleType;
  const address = [request.addressLine1, request.addressLine2, `${request.city}, ${request.state} ${request.zip}`].filter(Boolean).join(', ');
  return (
    <Card
      title={`${request.firstName} ${request.lastName}`}
      meta={`Sample request #${request.id} · ${formatDateTime(request.createdAt)}`}
      badges={request.spamReason ? <Badge tone="destructive">{SPAM_REASON_LABELS[request.spamReason]}</Badge> : undefined}
    >
      <Row term="E-mail">{request.email}</Row>
      <Row term="Address">{address}</Row>
      <Row term="Phone">{request.phone}</Row>
      <Row term="Samples">{type}</Row>
      <Row term="Notes">{request.notes}</Row>
      <Row term="Attribution">{attributionOf(request)}</Row>
    </Card>
  );
}

function CaptureCard({ capture }: { capture: PersonCapture }) {
  return (
    <Card
      title={capture.eventName ?? 'Event capture'}
      meta={`Lead #${capture.leadId} · ${formatDateTime(capture.capturedAt)}`}
      after={
        capture.photo ? (
          <img src={capture.photo.url} alt={`Card photo captured at ${capture.eventName ?? 'an event'}`} className="mt-3 max-h-48 w-auto rounded-lg ring-1 ring-slate-200" />
        ) : null
      }
    >
      <Row term="Captured by">{capture.capturedBy ?? 'a former account'}</Row>
      <Row term="Card photo">{capture.photo ? null : 'none'}</Row>
    </Card>
  );
}
