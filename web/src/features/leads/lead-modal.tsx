// One lead modal per page, opened from anywhere below the provider: the header's Get Demo, a page's
// 'Contact Sales Team' or 'Contact Support' button. Features stay apart: the layout hands the opener to
// the header as a prop; pages call useLeadModal. A call from outside the provider is a bug that leaves
// the button dead, so it is never quiet: it throws in development and logs an error in production
// (where the page tests fail on console errors, and visitors keep a working page otherwise).
//
// The dialog's code (Headless UI's Dialog, the form and its schema) loads the first time the modal opens,
// not with the page: most visits never open it, and it would be a quarter of the landing page's script.
import { createContext, lazy, useCallback, useContext, useState, type ReactNode } from 'react';
import { OptionalPart } from '../../components/ui/optional-part';
import { DEMO_DIALOG_TITLE } from './lead-dialog-titles';

interface OpenOptions {
  /** The dialog's title, worded for the button that opened it. */
  title?: string;
}
type OpenLeadModal = (options?: OpenOptions) => void;

const LeadModalContext = createContext<OpenLeadModal | null>(null);
const loadLeadDialog = () => import('./lead-dialog');
const LeadDialog = lazy(loadLeadDialog);

/** Starts loading the dialog's code ahead of a likely open (a pointer over a lead button, focus on it). */
export function preloadLeadDialog(): void {
  void loadLeadDialog().catch(() => undefined);
}

export function LeadModalProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const [title, setTitle] = useState(DEMO_DIALOG_TITLE);
  const openModal = useCallback<OpenLeadModal>((options) => {
    setTitle(options?.title ?? DEMO_DIALOG_TITLE);
    setEverOpened(true);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);

  return (
    <LeadModalContext.Provider value={openModal}>
      {children}
      {/* Never rendered before the first open, so prerendering and hydration never meet the lazy chunk. */}
      {everOpened ? (
        <OptionalPart>
          <LeadDialog open={open} onClose={close} title={title} />
        </OptionalPart>
      ) : null}
    </LeadModalContext.Provider>
  );
}

const OUTSIDE_PROVIDER = 'useLeadModal() was called outside <LeadModalProvider>: the button it serves would do nothing.';

export function useLeadModal(): OpenLeadModal {
  const open = useContext(LeadModalContext);
  if (open) return open;
  if (import.meta.env.DEV) throw new Error(OUTSIDE_PROVIDER);
  console.error(OUTSIDE_PROVIDER);
  return () => console.error(OUTSIDE_PROVIDER);
}
