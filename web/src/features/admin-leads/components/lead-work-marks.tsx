// Speed to lead on the desk (issue #31): whose a lead is, its stage (the sales team's, apart from the CRM
// sync's Status), and its clock: how long it has waited while New, counting up, or how soon it was answered.
// An unowned lead the overdue sweep raised carries an Overdue badge.
import { LEAD_STAGE_LABELS, type Lead, type LeadStage } from '@contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatWait } from '../../../lib/format';
import { takeLeadAndSay } from '../take-lead';

const STAGE_TONES: Record<LeadStage, BadgeTone> = { new: 'brand', contacted: 'blue', qualified: 'green', not_a_fit: 'neutral' };

/** The owner's name; while nobody owns the lead, Unassigned with "Take it" (the desk's row and card). */
export function LeadOwnerName({ lead }: { lead: Lead }) {
  if (lead.owner) return <span className="text-slate-800">{lead.owner.name}</span>;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="text-slate-500">Unassigned</span>
      <Button size="sm" variant="secondary" onClick={() => void takeLeadAndSay(lead)}>
        Take it
      </Button>
    </span>
  );
}

/** The stage badge (Not a fit's reason as its tooltip), the clock under it, and Overdue when raised. */
export function LeadStageMarks({ lead, now }: { lead: Lead; now: number }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap items-center gap-1">
        <Badge tone={STAGE_TONES[lead.stage]} title={lead.stageReason ?? undefined}>
          {LEAD_STAGE_LABELS[lead.stage]}
        </Badge>
        {isOverdue(lead) ? <Badge tone="destructive">Overdue</Badge> : null}
      </span>
      <LeadClock lead={lead} now={now} />
    </div>
  );
}

/** Still waiting for its first step past New: the lead is overdue once the sweep raised it and nobody took it. */
function isOverdue(lead: Lead): boolean {
  return lead.overdueAt !== null && lead.owner === null && lead.stage === 'new' && lead.firstResponseAt === null;
}

export function LeadClock({ lead, now }: { lead: Lead; now: number }) {
  const arrived = Date.parse(lead.createdAt);
  if (lead.firstResponseAt) {
    return (
      <span className="text-xs text-slate-500">
        Answered in <span className="whitespace-nowrap">{formatWait((Date.parse(lead.firstResponseAt) - arrived) / 1000)}</span>
      </span>
    );
  }
  if (lead.stage !== 'new') return null;
  return (
    <span className="text-xs text-slate-600">
      Waiting <span className="whitespace-nowrap">{formatWait((now - arrived) / 1000)}</span>
    </span>
  );
}
