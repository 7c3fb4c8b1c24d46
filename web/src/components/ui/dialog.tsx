// A modal dialog on Headless UI: focus trapped, Escape and the close button dismiss it, title announced.
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
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity data-closed:opacity-0" />
      <div className="fixed inset-0 flex w-screen items-end justify-center overflow-y-auto p-0 sm:items-center sm:p-4">
        <DialogPanel
          transition
          className={`relative w-full ${size === 'lg' ? 'sm:max-w-2xl' : 'sm:max-w-lg'} max-h-[100dvh] overflow-y-auto rounded-t-2xl bg-white p-6 shadow-xl transition sm:rounded-2xl data-closed:translate-y-4 data-closed:opacity-0`}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
            </div>
            <button
              type="button"
              onClick={onClose}
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
