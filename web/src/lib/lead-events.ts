// "A lead was just submitted": the public lead form (same SPA) tells the admin's stores to refresh their
// leads and stats (spec §7). Other tabs hear it over a BroadcastChannel, so an admin dashboard open in a
// second tab refreshes too. This module is tiny and free of admin code on purpose: the public pages import it.
type Listener = () => void;

const CHANNEL_NAME = 'dm-leads';
const MESSAGE = 'lead-submitted';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

// One channel object per tab for both posting and listening: a BroadcastChannel never receives its own
// messages, so a submission in this tab is delivered once (directly) and never echoed back.
function getChannel(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  channel?.addEventListener('message', (event: MessageEvent) => {
    if (event.data === MESSAGE) notify();
  });
  return channel;
}

function notify() {
  for (const listener of [...listeners]) listener();
}

/** Call after the server accepted a lead (the public lead form's submit does). */
export function emitLeadSubmitted(): void {
  notify();
  getChannel()?.postMessage(MESSAGE);
}

/** Runs `listener` whenever a lead is submitted in this tab or another one; returns the unsubscribe. */
export function onLeadSubmitted(listener: Listener): () => void {
  getChannel();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
