// /admin?lead=ID opens that lead's details (where a notification's click goes): from the list when it is
// there, else asked of the server. Closing the dialog drops the parameter, so a reload does not reopen it.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Lead } from '@contract';
import { notifyError } from '../../../lib/toast';
import { describeError } from '../../../lib/server-error';
import { fetchLead } from '../leads-api';
import { useLeadsList } from '../leads-store';
import { LeadDetailDialog } from './lead-detail-dialog';

export function LeadFromLink({ canAssign }: { canAssign: boolean }) {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('lead'));
  const [lead, setLead] = useState<Lead | null>(null);

  useEffect(() => {
    if (!Number.isSafeInteger(id) || id < 1) {
      setLead(null);
      return;
    }
    const listed = useLeadsList.getState().items.find((l) => l.id === id);
    if (listed) {
      setLead(listed);
      return;
    }
    let current = true;
    fetchLead(id)
      .then((found) => {
        if (current) setLead(found);
      })
      .catch((error) => {
        if (current) void notifyError('Could not open the lead', describeError(error));
      });
    return () => {
      current = false;
    };
  }, [id]);

  const close = () => {
    setLead(null);
    setParams(
      (p) => {
        p.delete('lead');
        return p;
      },
      { replace: true },
    );
  };
  return <LeadDetailDialog lead={lead} canAssign={canAssign} onClose={close} />;
}
