// Taking a lead from the desk (its row's or card's "Take it", or t on the selected one): the answer replaces the
// lead in the list at once (the live stream tells the other desks), and a toast says what happened. When somebody
// was quicker, the server's sentence names them and the lead is read again to show them as its owner. Without
// network the take waits on this device and is sent once it returns (lead-change-outbox.ts).
import type { Lead } from '@contract';
import { readKnownUser } from '../../lib/known-user';
import { describeError, errorMessage, errorStatus } from '../../lib/server-error';
import { notifyError, notifySuccess } from '../../lib/toast';
import { takeKeptMessage } from './lead-change-outbox';
import { fetchLead, takeLead } from './leads-api';
import { useLeadsList } from './leads-store';

export async function takeLeadAndSay(lead: Lead): Promise<void> {
  const { replace } = useLeadsList.getState();
  if (lead.owner) {
    void notifyError(lead.owner.id === readKnownUser()?.id ? 'This lead is already yours.' : `${lead.owner.name} has this lead.`);
    return;
  }
  try {
    const result = await takeLead(lead);
    if (result.status === 'queued') {
      void notifySuccess(takeKeptMessage(`${lead.firstName} ${lead.lastName}`));
      return;
    }
    replace(result.lead);
    void notifySuccess(`${result.lead.firstName} ${result.lead.lastName} is yours.`);
  } catch (error) {
    if (errorStatus(error) !== 409) {
      void notifyError(describeError(error));
      return;
    }
    void notifyError(errorMessage(error));
    const now = await fetchLead(lead.id).catch(() => null);
    if (now) replace(now);
  }
}
