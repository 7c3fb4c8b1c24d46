// The one way to show a toast. The product shows one toast at a time for 5 s (the <Toaster> in
// components/ui/toaster.tsx sets the 5 s): a new message replaces the one on screen and starts its 5 s
// again, instead of queueing behind it where it would still be announced and shown once the first closed.
// A destructive toast carries a title and a description ('Error' / 'Failed to submit form. Please try again.').
import { toast } from 'sonner';

/** The id of the toast on screen; null once it has closed (a closing toast is not reused: it is leaving). */
let onScreen: string | null = null;
let shown = 0;

function show(kind: 'success' | 'error', title: string, description?: string) {
  const id = onScreen ?? `toast-${++shown}`;
  onScreen = id;
  const closed = () => {
    if (onScreen === id) onScreen = null;
  };
  // Every option is given each time: an update merges into the toast on screen, so one left out would
  // keep the previous message's value.
  toast[kind](title, { id, description, onAutoClose: closed, onDismiss: closed });
}

export function notifySuccess(title: string, description?: string) {
  show('success', title, description);
}

export function notifyError(title: string, description?: string) {
  show('error', title, description);
}
