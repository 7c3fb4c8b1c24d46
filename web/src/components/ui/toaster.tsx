// The app's one toast region: one toast at a time (lib/toast.ts replaces the one on screen), 5 s each. It lives in its own child of <body>,
// not inside #root: an open Headless UI dialog makes #root inert and aria-hidden, and a toast raised
// from inside a dialog ('Failed to submit form…', 'Failed to save template') must still be announced
// and clickable. Rendered after mount, so prerendered HTML and hydration never include it.
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Toaster } from 'sonner';

export function AppToaster() {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const el = document.createElement('div');
    el.id = 'toast-root';
    document.body.appendChild(el);
    setHost(el);
    return () => el.remove();
  }, []);
  if (!host) return null;
  return createPortal(<Toaster visibleToasts={1} duration={5000} position="top-center" richColors closeButton />, host);
}
