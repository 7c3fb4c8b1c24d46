// What a rep recorded at the event: rating, interests, follow-up, consent with its wording's
// version and time, the scanned badge, and the card photo (served to staff sessions only).
import type { ReactNode } from 'react';
import { FOLLOW_UPS, INTERESTS, LEAD_RATINGS, type Lead } from '@contract';
import { Badge } from '../../../components/ui/badge';
import { formatDateTime } from '../../../lib/format';

const labelOf = (list: readonly { value: string; label: string }[], value: string | null) => (value ? (list.find((i) => i.value === value)?.label ?? value) : null);

/** Only for leads a rep captured: website leads have none of this. */
export function LeadCaptureDetails({ lead }: { lead: Lead }) {
  if (!lead.eventName) return null;
  return (
    <section aria-labelledby={`lead-${lead.id}-capture`} className="space-y-3">
      <h3 id={`lead-${lead.id}-capture`} className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        At the event
      </h3>
      <dl className="space-y-1.5">
        <Row term="Rating">{labelOf(LEAD_RATINGS, lead.rating)}</Row>
        <Row term="Interests">{lead.interests.length ? lead.interests.map((i) => labelOf(INTERESTS, i)).join(', ') : null}</Row>
        <Row term="Follow-up">{labelOf(FOLLOW_UPS, lead.followUp)}</Row>
        <Row term="Consent">
          {lead.consentGiven ? (
            <>
              Given{lead.consentAt ? ` ${formatDateTime(lead.consentAt)}` : ''}
              {lead.consentTextVersion ? <span className="text-slate-500"> (wording {lead.consentTextVersion})</span> : null}
            </>
          ) : (
            <ConsentBadge lead={lead} />
          )}
        </Row>
        {lead.scanPayload ? (
          <Row term="Badge scan">
            <span className="whitespace-pre-wrap break-all font-mono text-xs">{lead.scanPayload}</span>
          </Row>
        ) : null}
      </dl>
      {lead.photoUrl ? (
        <figure className="space-y-1">
          <img src={lead.photoUrl} alt={`Card photo taken at ${lead.eventName} for ${lead.firstName} ${lead.lastName}`} className="max-h-80 w-auto rounded-lg ring-1 ring-slate-200" />
          <figcaption className="text-xs text-slate-500">Card photo taken by the rep</figcaption>
        </figure>
      ) : null}
    </section>
  );
}

/** A captured lead without consent: stored, but to be contacted only on other grounds. */
export function ConsentBadge({ lead }: { lead: Pick<Lead, 'consentGiven'> }) {
  return lead.consentGiven === false ? <Badge tone="destructive">No consent</Badge> : null;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-3">
      <dt className="w-28 shrink-0 text-slate-500">{term}</dt>
      <dd className="min-w-0 text-slate-800">{children ?? <span className="text-slate-500">Not given</span>}</dd>
    </div>
  );
}
