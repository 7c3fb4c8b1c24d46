// A take or a stage change made without network waits in the outbox (leads-api.ts), as a note does. What the
// desk says about it lives here: the words while it waits; the lead as the server answered once it is sent (the
// list shows it; an open details dialog listens itself); and a refusal a later replay met (somebody took the
// lead meanwhile, it was reassigned or erased), told once in this tab, since the rep may have moved on.
import type { Lead } from '@contract';
import { subscribe, type Delivery } from '../../lib/events';
import { listOutboxItems } from '../../lib/outbox';
import { notifyError } from '../../lib/toast';
import { useLeadsList } from './leads-store';

export const takeKeptMessage = (name: string) => `No connection: taking ${name} is saved on this device and will be sent when the network returns.`;
export const STAGE_KEPT_MESSAGE = 'No connection: the stage is saved on this device and will be sent when the network returns.';

/** The leads a delivery answered with: each take or stage change sent, whether it had waited or not. */
export function deliveredLeads(items: Delivery[]): Lead[] {
  return items.filter((item) => (item.kind === 'lead-take' || item.kind === 'lead-stage') && item.body).map((item) => item.body as Lead);
}

subscribe('delivered', ({ items }) => {
  for (const lead of deliveredLeads(items)) useLeadsList.getState().replace(lead);
});

const told = new Set<string>();

// The outbox's list (its indicator turns red) keeps the refusal until it is discarded; the toast says it now.
subscribe('outbox-changed', () => {
  void listOutboxItems()
    .then((items) => {
      for (const item of items) {
        if (item.state !== 'failed' || told.has(item.id) || (item.kind !== 'lead-take' && item.kind !== 'lead-stage')) continue;
        told.add(item.id);
        const what = item.kind === 'lead-take' ? `${item.about ?? 'The lead'} was not taken` : `The stage of ${item.about ?? 'the lead'} was not saved`;
        void notifyError(what, item.error?.message);
      }
    })
    .catch(() => undefined);
});
