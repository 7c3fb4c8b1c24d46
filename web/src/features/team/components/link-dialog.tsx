// The one-time link an invite or a password reset made. The server e-mailed it to the person (or, with no mail
// server set up, saved the message on the server, not sent), and the dialog says which; the link is shown once to
// copy as well, for setups without mail: the server keeps only its hash, so once this dialog closes the link
// cannot be shown again (a new one can be made, which retires this one).
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { formatDateTime } from '../../../lib/format';
import { useTeamStore } from '../team-store';

export function LinkDialog() {
  const link = useTeamStore((s) => s.link);
  const close = useTeamStore((s) => s.closeLink);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);

  const onClose = () => {
    setCopied(null);
    close();
  };

  async function copy() {
    inputRef.current?.select();
    try {
      await navigator.clipboard.writeText(link!.url);
      setCopied('yes');
    } catch {
      // No clipboard access (an insecure origin, a refused permission): the link is selected to copy by hand.
      setCopied('no');
    }
  }

  if (!link) return null;
  return (
    <Modal
      open
      onClose={onClose}
      title={link.kind === 'invite' ? `Invite link for ${link.name}` : `Password reset link for ${link.name}`}
      description={
        link.mail.via === 'smtp'
          ? `The link was e-mailed to ${link.mail.to}. It works once, until ${formatDateTime(link.expiresAt)}.`
          : `No mail server is set up, so the e-mail to ${link.mail.to} was saved on this server, not sent. Send this link to ${link.name} yourself (chat, text or e-mail). It works once, until ${formatDateTime(link.expiresAt)}.`
      }
    >
      <div className="space-y-3">
        {link.mail.via === 'smtp' ? <p className="text-sm text-slate-600">If it does not arrive, copy the link and send it to {link.name} yourself. Whoever opens it can set the password, so send it to them only.</p> : <p className="text-sm text-slate-600">Whoever opens it can set the password, so send it to them only.</p>}
        <label htmlFor="one-time-link" className="block text-sm font-medium text-slate-800">
          One-time link
        </label>
        <input
          id="one-time-link"
          ref={inputRef}
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900"
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void copy()}>Copy link</Button>
          <p aria-live="polite" className="text-sm text-slate-600">
            {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'no' ? 'Copying is not allowed here: the link is selected, copy it by hand.' : ''}
          </p>
        </div>
        <p className="text-xs text-slate-500">This link will not be shown again. If it is lost, make a new one: the old one then stops working.</p>
      </div>
      <div className="mt-6 flex justify-end">
        <Button variant="ghost" onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}
