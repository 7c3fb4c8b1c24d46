// The one way to show a toast. The product shows one toast at a time for 5 s (the <Toaster> in
// components/ui/toaster.tsx sets the 5 s): a new message replaces the one on screen and starts its 5 s
// again, instead of queueing behind it where it would still be announced and shown once the first closed.
// A destructive toast carries a title and a description ('Error' / 'Failed to submit form. Please try again.').
//
// The toast library loads with the first toast (or the first interaction, see the toaster), not with the
// page: a first paint never needs it. A toast raised before the toaster listens waits for it, in order.
type ToastApi = (typeof import('sonner'))['toast'];

/** The id of the toast on screen; null once it has closed (a closing toast is not reused: it is leaving). */
let onScreen: string | null = null;
let shown = 0;

let markToasterListening!: () => void;
const toasterListening = new Promise<void>((resolve) => (markToasterListening = resolve));
let toastApi: Promise<ToastApi> | undefined;
let wanted = false;
const wantListeners = new Set<() => void>();

/** The toaster mounts itself when a toast is wanted; `listener` runs at once if one already was. */
export function onToastWanted(listener: () => void): () => void {
  if (wanted) listener();
  wantListeners.add(listener);
  return () => wantListeners.delete(listener);
}

/** The toaster calls this once it is on the page and listening: waiting toasts are shown now. */
export function toasterIsListening(): void {
  markToasterListening();
}

/** Resolves once the toast has been handed to the toaster (after the library has loaded, on a first toast). */
function show(kind: 'success' | 'error', title: string, description?: string): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of wantListeners) listener();
  }
  // One promise for every toast: callbacks on it run in the order the toasts were raised.
  toastApi ??= toasterListening.then(() => import('sonner')).then((m) => m.toast);
  return toastApi.then((toast) => {
    const id = onScreen ?? `toast-${++shown}`;
    onScreen = id;
    const closed = () => {
      if (onScreen === id) onScreen = null;
    };
    // Every option is given each time: an update merges into the toast on screen, so one left out would
    // keep the previous message's value.
    toast[kind](title, { id, description, onAutoClose: closed, onDismiss: closed });
  });
}

export function notifySuccess(title: string, description?: string): Promise<void> {
  return show('success', title, description);
}

export function notifyError(title: string, description?: string): Promise<void> {
  return show('error', title, description);
}
