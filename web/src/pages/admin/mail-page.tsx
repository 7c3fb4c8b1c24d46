// /admin/mail (admins): which way mail leaves and the counts, the visitor-confirmation setting, and the
// messages of one state with the server's reply and Retry for a failed one.
import { useEffect } from 'react';
import { MailFilter, MailList, MailSettingsPanel, MailTransportPanel, useMailStore } from '../../features/admin-mail';
import { LoadingText } from '../../components/ui/list-state';

const REFRESH_WHILE_QUEUED_MS = 3_000;

export default function MailPage() {
  const overview = useMailStore((s) => s.overview);
  useEffect(() => useMailStore.getState().ensureLoaded(), []);
  // While anything waits to be sent, the screen looks again every few seconds, so 'Queued' turns into 'Sent'
  // (or 'Failed', with the server's reply) without a reload.
  const waiting = (overview?.counts.queued ?? 0) > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void useMailStore.getState().load(), REFRESH_WHILE_QUEUED_MS);
    return () => window.clearInterval(timer);
  }, [waiting]);
  return (
    <div className="space-y-10">
      <section aria-labelledby="mail-transport" className="space-y-3">
        <h2 id="mail-transport" className="text-lg font-semibold text-slate-900">
          How mail leaves
        </h2>
        {overview ? <MailTransportPanel overview={overview} /> : <LoadingText>Loading the mail…</LoadingText>}
      </section>
      <section aria-labelledby="mail-settings" className="space-y-3">
        <h2 id="mail-settings" className="text-lg font-semibold text-slate-900">
          Settings
        </h2>
        <MailSettingsPanel />
      </section>
      <section aria-labelledby="mail-messages" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="mail-messages" className="text-lg font-semibold text-slate-900">
            Messages
          </h2>
          <MailFilter />
        </div>
        <MailList />
      </section>
    </div>
  );
}
