// The app's one toast region: one toast at a time (lib/toast.ts replaces the one on screen), 5 s each. It lives in its own child of <body>,
// not inside #root: an open Headless UI dialog makes #root inert and aria-hidden, and a toast raised
// from inside a dialog ('Failed to submit form…', 'Failed to save template') must still be announced
// and clickable. Rendered after mount, so prerendered HTML and hydration never include it.
//
// The toast library is not part of a first load: it mounts with the first toast, or ahead of it on the
// visitor's first interaction (a form being filled in may end in a toast, possibly once offline).
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { onToastWanted, toasterIsListening } from '../../lib/toast';
import { onFirstInteraction } from '../../lib/when-idle';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function AppToaster() {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    let el: HTMLElement | undefined;
    const mount = () => {
      if (el) return;
      el = document.createElement('div');
      el.id = 'toast-root';
      document.body.appendChild(el);
      setHost(el);
    };
    const stopWanted = onToastWanted(mount);
    const stopInteraction = onFirstInteraction(mount);
    return () => {
      stopWanted();
      stopInteraction();
      el?.remove();
    };
  }, []);
  if (!host) return null;
  return createPortal(
    <Suspense fallback={null}>
      <Toaster visibleToasts={1} duration={5000} position="top-center" richColors closeButton />
      <Listening />
    </Suspense>,
    host,
  );
}

/** Renders after the Toaster beside it has subscribed (sibling effects run in order). */
function Listening() {
  useEffect(() => toasterIsListening(), []);
  return null;
}
