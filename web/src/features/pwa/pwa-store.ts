import { create } from 'zustand';

interface PwaState {
  /** A new service worker is installed and waits for the visitor's consent. */
  updateWaiting: boolean;
  applyUpdate: () => void;
}

export const usePwaStore = create<PwaState>(() => ({ updateWaiting: false, applyUpdate: () => {} }));
