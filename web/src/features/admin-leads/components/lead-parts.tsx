// The pieces of one lead that the Recent Leads table (wide screens) and its cards (phones) both show, so the
// two layouts always carry the same values: the contact with the button that opens the lead, the status with
// its actions, and a value that may be missing.
import { useCallback, useRef, type RefObject } from 'react';
import { SPAM_REASON_LABELS, type Lead } from '@contract';
import { useSeen } from '../../../lib/use-seen';
import { WriteButton } from '../../../components/ui/write-button';
import { ariaKeyShortcuts, SHORTCUTS } from '../../../lib/keyboard-shortcuts';
import { useLeadsList, useLeadsStore } from '../leads-store';
import { LeadStatusBadge } from './lead-status-badge';
import { ConsentBadge } from './lead-capture-details';

/** A lead the live stream added: marked "New" until it has been on screen a moment (lib/use-seen.ts). */
export function useNewLead<T extends Element>(id: number): { ref: RefObject<T | null>; isNew: boolean } {
  const ref = useRef<T>(null);
  const isNew = useLeadsList((s) => s.newIds.has(id));
  const markSeen = useLeadsList((s) => s.markSeen);
  const seen = useCallback(() => markSeen(id), [markSeen, id]);
  useSeen(ref, isNew, seen);
  return { ref, isNew };
}

/** The name, which opens the lead's details (it takes the focus when j / k select its row). */
export function LeadNameButton({ lead, onOpen }: { lead: Lead; onOpen: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-keyshortcuts={ariaKeyShortcuts(SHORTCUTS.open)}
      data-list-focus
      className="text-left font-medium text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      {lead.firstName} {lead.lastName}
    </button>
  );
}

/** Where and by whom a lead was captured at an event; nothing for website leads. */
export function LeadCaptureLine({ lead }: { lead: Lead }) {
  if (!lead.eventName) return null;
  return (
    <div className="mt-1 text-xs text-slate-600">
      <span className="font-medium text-slate-700">{lead.eventName}</span>
      {lead.capturedBy ? ` · captured by ${lead.capturedBy}` : ''}
      {lead.rating ? ` · ${lead.rating[0]!.toUpperCase()}${lead.rating.slice(1)}` : ''}
      {lead.consentGiven === false ? (
        <span className="ml-1">
          <ConsentBadge lead={lead} />
        </span>
      ) : null}
    </div>
  );
}

/** The status badge, or for suspected spam the reason it was held. */
export function LeadStatusMark({ lead }: { lead: Lead }) {
  return lead.spamReason ? (
    <span className="text-xs font-medium text-amber-800">{SPAM_REASON_LABELS[lead.spamReason]}</span>
  ) : (
    <LeadStatusBadge status={lead.status} syncError={lead.syncError} id={`lead-${lead.id}-status`} />
  );
}

/** What can be done about the status: release suspected spam, retry a failed sync. */
export function LeadStatusActions({ lead }: { lead: Lead }) {
  const retrySync = useLeadsStore((s) => s.retrySync);
  const releaseFromSpam = useLeadsStore((s) => s.releaseFromSpam);
  const retrying = useLeadsStore((s) => s.retrying.has(lead.id));
  return (
    <>
      {lead.spamReason ? (
        <WriteButton size="sm" variant="secondary" disabled={retrying} onClick={() => void releaseFromSpam(lead.id)}>
          Not spam
        </WriteButton>
      ) : null}
      {lead.status === 'sync_failed' ? (
        <WriteButton size="sm" variant="secondary" disabled={retrying} onClick={() => void retrySync(lead.id)}>
          Retry sync
        </WriteButton>
      ) : null}
    </>
  );
}

/** A value, or a dash that reads "Not given". */
export function OptionalValue({ value }: { value: string | null }) {
  return (
    value ?? (
      <>
        <span aria-hidden="true" className="text-slate-400">—</span>
        <span className="sr-only">Not given</span>
      </>
    )
  );
}
