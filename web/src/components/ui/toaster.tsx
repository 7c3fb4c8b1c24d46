// The app's one toast region: one toast at a time (lib/toast.ts replaces the one on screen), 5 s each. It lives in its own child of <body>,
// not inside #root: an open Headless UI dialog makes #root inert and aria-hidden, and a toast raised
// from inside a dialog ('Failed to submit form…', 'Failed to save template') must still be announced
// and clickable. Rendered after mount, so prerendered HTML and hydration never include it.
//
// The toast library is not part of a first load: it mounts with the first toast, or ahead of it on the
// visitor's first interaction (a form being filled in may end in a toast, possibly once offline).
import { useEffect, useState, type ComponentType } from 'react';
import { createPortal } from 'react-dom';
import type { ToasterProps } from 'sonner';
import { onToastWanted, toasterIsListening } from '../../lib/toast';
import { onFirstInteraction } from '../../lib/when-idle';

export function AppToaster() {
  const [host, setHost] = useState<HTMLElement | null>(null);
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    let el: HTMLElement | undefined;
    let loading = false;
    const mount = () => {
      if (loading) return;
      loading = true;
      import('sonner').then(
        (m) => {
          el = document.createElement('div');
          el.id = 'toast-root';
          document.body.appendChild(el);
          setHost(el);
          setToaster(() => m.Toaster);
        },
        // Offline before it ever loaded: try again once the connection is back.
        () => {
          loading = false;
          window.addEventListener('online', mount, { once: true });
        },
      );
    };
    const stopWanted = onToastWanted(mount);
    const stopInteraction = onFirstInteraction(mount);
    return () => {
      stopWanted();
      stopInteraction();
      window.removeEventListener('online', mount);
      el?.remove();
    };
  }, []);
  if (!host || !Toaster) return null;
  return createPortal(
    <>
      <Toaster visibleToasts={1} duration={5000} position="top-center" richColors closeButton />
      <Listening />
    </>,
    host,
  );
}

/** Renders after the Toaster beside it has subscribed (sibling effects run in order). */
function Listening() {
  useEffect(() => toasterIsListening(), []);
  return null;
}
