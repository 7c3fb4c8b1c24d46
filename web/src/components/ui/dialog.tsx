// A modal dialog on Headless UI: focus trapped, Escape and the close button dismiss it, title announced.
//
// Rendered only while open, and animated in by CSS alone (`starting:`, i.e. @starting-style) rather than by
// Headless UI's `transition` prop: that prop's state machine can deadlock when a dialog is closed during its
// opening transition (tailwindlabs/headlessui#3892), leaving the panel mounted over the page and catching
// every click. Unmounting on close cannot leave anything behind, whatever the timing; the closing is
// instant, and the opening fade is skipped for reduced motion.
//
// A dialog taller than the screen (the lead form on a phone) scrolls inside its panel; its title and × stay
// pinned at the panel's top, so the way out is never scrolled out of reach.
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'md' | 'lg';
  /** Accessible name of the corner × button; change it when the dialog has a visible "Close" button of its own. */
  closeLabel?: string;
}

export function Modal({ open, onClose, title, description, children, size = 'md', closeLabel = 'Close' }: ModalProps) {
  if (!open) return null;
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 starting:opacity-0 motion-reduce:transition-none" />
      <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel
          className={`relative w-full ${size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-lg'} max-h-[100dvh] overflow-y-auto rounded-t-2xl bg-white px-6 pb-6 shadow-xl transition duration-150 starting:translate-y-4 starting:opacity-0 motion-reduce:transition-none sm:rounded-2xl`}
        >
          <div className="sticky top-0 z-10 -mx-6 mb-4 flex items-start justify-between gap-4 border-b border-slate-100 bg-white px-6 pb-3 pt-6">
            <div>
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
            </div>
            <button
              type="button"
              onClick={onClose}
              // Escape closes every dialog (Headless UI's own key); written out so public pages carry no shortcut code.
              aria-keyshortcuts="Escape"
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <span aria-hidden="true" className="block h-5 w-5 text-xl leading-5">×</span>
              <span className="sr-only">{closeLabel}</span>
            </button>
          </div>
          {children}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
