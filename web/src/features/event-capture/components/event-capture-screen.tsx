// /admin/capture: the event, the fast entry form, and this device's captures for the event with
// their states, "Send now" and the CSV backup. Everything here works offline; sending happens behind it.
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { takeOver } from '../../../lib/events';
import { replayOutbox } from '../../../lib/outbox';
import { useOwnNotices } from '../../../lib/screen-notices';
import { csvFileName } from '@contract';
import { capturesToCsv, downloadCsv } from '../capture-csv';
import { RETRY_WHILE_WAITING_MS, countsOf, startCaptureSync, useCaptureStore } from '../capture-store';
import { WAITING_FOR_SIGN_IN } from '../capture-types';
import { useOnline } from '../use-online';
import { CaptureForm } from './capture-form';
import { CaptureCounts, CaptureList } from './capture-list';
import { EventPicker } from './event-picker';
import { SignOutWarning } from './sign-out-warning';
// The device's data safety: captures bound to their account, unsent counts and storage, backups, clearing.
import type { CaptureOwner } from '../capture-types';
import { BackupPrompt } from './backup-prompt';
import { ClearSentButton } from './clear-sent-dialog';
import { DeviceStatus, OthersWaitingNotice } from './device-status';

export const SIGN_IN_URL = '/api/login';

/** `user`: the signed-in account, or offline the last one known on this device; null shows nothing. */
export function EventCaptureScreen({ user }: { user: CaptureOwner | null }) {
  useEffect(() => useCaptureStore.getState().setUser(user && { id: user.id, name: user.name }), [user?.id, user?.name]);
  if (!user) return <NoKnownUser />;
  return <CaptureScreen />;
}

/** Nobody known to be signed in on this device: no account's captures are shown, and none can be made. */
function NoKnownUser() {
  return (
    <div role="status" className="mx-auto max-w-2xl rounded-xl bg-blue-50 px-4 py-3 text-sm text-blue-950 ring-1 ring-blue-200">
      Captures on this device are shown only to the account that made them.{' '}
      <a href={SIGN_IN_URL} className="font-semibold underline underline-offset-2">
        Sign in
      </a>{' '}
      to capture, or to see and send your captures.
    </div>
  );
}

function CaptureScreen() {
  const eventName = useCaptureStore((s) => s.eventName);
  const captures = useCaptureStore((s) => s.captures);
  const loaded = useCaptureStore((s) => s.loaded);
  const storageError = useCaptureStore((s) => s.storageError);
  const sending = useCaptureStore((s) => s.sending);
  const sendNow = useCaptureStore((s) => s.sendNow);
  const online = useOnline();
  const [changingEvent, setChangingEvent] = useState(false);
  const [sendNote, setSendNote] = useState('');

  // This screen saves offline and shows its own counts: the admin's "changes can't be saved" banner would
  // contradict it, and the floating waiting pill would cover the form's fields on a phone.
  useOwnNotices('offline-banner', 'outbox-indicator');
  useEffect(() => startCaptureSync(), []);
  useEffect(() => takeOver('sign-out', ({ proceed }) => useCaptureStore.getState().askBeforeSignOut(proceed)), []);
  // The list shows every capture's state; a toast per delivery would only cover the form.
  useEffect(() => takeOver('announce-delivery', ({ kind }) => kind === 'capture' || kind === 'capture-photo'), []);

  const forEvent = useMemo(() => captures.filter((c) => c.eventName === eventName), [captures, eventName]);
  const device = countsOf(captures);
  const eventCounts = countsOf(forEvent);
  const forSignIn = captures.filter((c) => c.state === 'waiting' && c.reason === WAITING_FOR_SIGN_IN).length;
  const retrying = device.waiting - forSignIn > 0;

  // Hall Wi-Fi often says "online" while answering nothing, and the outbox's backoff grows to minutes:
  // while captures wait and the screen is in front, try every few seconds so sending starts soon after
  // the network really comes back.
  useEffect(() => {
    if (!retrying) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && navigator.onLine) void replayOutbox().finally(() => void useCaptureStore.getState().load());
    }, RETRY_WHILE_WAITING_MS);
    return () => window.clearInterval(timer);
  }, [retrying]);

  function exportCsv() {
    downloadCsv(capturesToCsv(useCaptureStore.getState().captures), csvFileName('captures', new Date()));
  }

  async function onSendNow() {
    setSendNote('');
    await sendNow();
    const left = countsOf(useCaptureStore.getState().captures).waiting;
    setSendNote(left ? `${left} still waiting. They are sent automatically as soon as the connection allows.` : 'Everything has been sent.');
  }

  if (!loaded) return <LoadingText>Opening this device's captures...</LoadingText>;

  return (
    <div className="mx-auto max-w-2xl space-y-3 sm:space-y-5">
      {!online ? (
        <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200 sm:px-4 sm:py-3">
          <span className="font-semibold">Offline.</span> Keep capturing: everything is saved on this device.
        </p>
      ) : null}
      {forSignIn ? (
        <div role="status" className="rounded-xl bg-blue-50 px-4 py-3 text-sm text-blue-950 ring-1 ring-blue-200">
          {forSignIn === 1 ? '1 capture waits' : `${forSignIn} captures wait`} for a sign-in: your session has ended.{' '}
          <a href={SIGN_IN_URL} className="font-semibold underline underline-offset-2">
            Sign in again
          </a>{' '}
          to send {forSignIn === 1 ? 'it' : 'them'}. Nothing is lost meanwhile.
        </div>
      ) : null}
      <OthersWaitingNotice />
      {storageError ? <ErrorPanel title="This device's storage is not available, so captures cannot be saved here." detail={storageError} /> : null}

      {!eventName || changingEvent ? (
        <EventPicker onDone={eventName ? () => setChangingEvent(false) : undefined} />
      ) : (
        <>
          {/* The event's name has the whole width and wraps when long (cut short, two events of one trade show
              would read the same); the counts and "Change event" share the second line, as small as the counts
              so the strip costs no more height than two lines. */}
          <div className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-brand-100 sm:px-4 sm:py-3">
            <p className="break-words">
              Event <span className="font-semibold text-slate-900">{eventName}</span>
            </p>
            <div className="flex flex-wrap items-center justify-between gap-x-3 text-xs">
              {/* At a glance while typing (the floating waiting pill stands down here); the full counts and
                  the list are below the form. */}
              <p className="text-slate-600" data-testid="capture-glance">
                {eventCounts.captured} captured · {eventCounts.waiting} waiting · {eventCounts.sent} sent
              </p>
              {/* Its padding makes a thumb-sized target; the negative margins keep the line as low as the text. */}
              <button
                type="button"
                onClick={() => setChangingEvent(true)}
                className="-mx-1 -my-2 rounded px-1 py-2 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                Change event
              </button>
            </div>
          </div>
          <BackupPrompt onExport={exportCsv} />
          <CaptureForm key={eventName} eventName={eventName} />
        </>
      )}

      {eventName ? (
        <section aria-labelledby="captures-heading" className="space-y-3">
          <h2 id="captures-heading" className="text-lg font-semibold text-slate-900">
            Captured at {eventName}
          </h2>
          <CaptureCounts captures={forEvent} />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void onSendNow()} disabled={sending || device.waiting === 0} className="flex-1 sm:flex-none">
              {sending ? 'Sending...' : 'Send now'}
            </Button>
            <Button variant="secondary" onClick={exportCsv} disabled={captures.length === 0} className="flex-1 sm:flex-none">
              Export CSV
            </Button>
            <ClearSentButton />
          </div>
          <p role="status" className="text-sm text-slate-600">
            {sendNote}
          </p>
          {device.waiting > eventCounts.waiting ? (
            <p className="text-sm text-slate-600">Captures from other events on this device wait too; Send now and Export CSV include them.</p>
          ) : null}
          <CaptureList captures={forEvent} />
          <DeviceStatus />
        </section>
      ) : null}
      <SignOutWarning onExport={exportCsv} />
    </div>
  );
}
