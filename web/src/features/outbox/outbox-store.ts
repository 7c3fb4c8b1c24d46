// Mirrors the IndexedDB outbox for the UI (counts, lists). IndexedDB stays the source of truth.
import { create } from 'zustand';
import { listOutboxItems, type OutboxItem } from '../../lib/outbox';

interface OutboxState {
  items: OutboxItem[];
  loaded: boolean;
  refresh: () => Promise<void>;
}

export const useOutboxStore = create<OutboxState>((set) => ({
  items: [],
  loaded: false,
  refresh: async () => {
    try {
      set({ items: await listOutboxItems(), loaded: true });
    } catch {
      set({ loaded: true }); // IndexedDB unavailable (private mode in old browsers): nothing to show
    }
  },
}));

export const selectPending = (s: OutboxState) => s.items.filter((i) => i.state !== 'failed');
export const selectFailed = (s: OutboxState) => s.items.filter((i) => i.state === 'failed');
