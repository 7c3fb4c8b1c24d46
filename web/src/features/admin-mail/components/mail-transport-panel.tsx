// Which way mail leaves (an SMTP server, or none: saved on this server), whether DKIM signs it, the counts,
// and "Send a test e-mail" to oneself.
import type { MailOverview } from '@contract';
import { WriteButton } from '../../../components/ui/write-button';
import { formatCount } from '../../../lib/format';
import { useMailStore } from '../mail-store';

export function transportWords(transport: MailOverview['transport']): string {
  return transport.mode === 'smtp' ? `SMTP via ${transport.host}` : 'Saved on this server, not sent';
}

export function MailTransportPanel({ overview }: { overview: MailOverview }) {
  const sendingTest = useMailStore((s) => s.sendingTest);
  const sendTest = useMailStore((s) => s.sendTest);
  const { transport, counts } = overview;
  return (
    <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Transport</dt>
          <dd className="font-semibold text-slate-900" data-testid="mail-transport">
            {transportWords(transport)}
          </dd>
          {transport.mode === 'file' ? (
            <dd className="mt-1 text-xs text-slate-600">No SMTP_URL is set: each message is written as an .eml file in the data folder instead.</dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-600">DKIM</dt>
          <dd className="font-semibold text-slate-900">{transport.dkim ? 'Signs every message' : 'Not signing (DKIM is not set)'}</dd>
        </div>
      </dl>
      <dl className="grid grid-cols-3 gap-2" aria-label="Messages">
        {(
          [
            ['Queued', counts.queued],
            ['Sent', counts.sent],
            ['Failed', counts.failed],
          ] as const
        ).map(([label, n]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className={`text-xl font-semibold ${label === 'Failed' && n > 0 ? 'text-red-700' : 'text-slate-900'}`} data-testid={`mail-count-${label.toLowerCase()}`}>
              {formatCount(n)}
            </dd>
          </div>
        ))}
      </dl>
      <WriteButton variant="secondary" onClick={() => void sendTest()} disabled={sendingTest}>
        {sendingTest ? 'Sending…' : 'Send a test e-mail'}
      </WriteButton>
    </div>
  );
}
