// Sample templates: the list, and create / update / delete, each followed by a fresh list.
import { create } from 'zustand';
import type { SampleTemplate, TemplateData } from '@contract';
import { notifySuccess } from '../../lib/toast';
import { deleteTemplate, fetchTemplates, saveTemplate } from './samples-api';
import { readFailed, writeFailed } from './failure';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface TemplatesState {
  templates: SampleTemplate[];
  status: Status;
  error: string | null;
  ensureLoaded: () => void;
  load: () => Promise<void>;
  /** Creates when `id` is absent; resolves true when saved, so the dialog knows to close. */
  save: (input: TemplateData, id?: number) => Promise<boolean>;
  remove: (id: number) => Promise<void>;
}

export const useTemplatesStore = create<TemplatesState>()((set, get) => ({
  templates: [],
  status: 'idle',
  error: null,

  ensureLoaded: () => {
    if (get().status === 'idle') void get().load();
  },

  load: async () => {
    set({ status: 'loading', error: null });
    try {
      set({ templates: await fetchTemplates(), status: 'ready' });
    } catch (error) {
      set({ status: 'error', error: readFailed(error) });
    }
  },

  save: async (input, id) => {
    try {
      await saveTemplate(input, id);
    } catch (error) {
      writeFailed(error, 'Error: Failed to save template');
      return false;
    }
    notifySuccess(id === undefined ? 'Template created successfully' : 'Template updated successfully');
    await get().load();
    return true;
  },

  remove: async (id) => {
    try {
      await deleteTemplate(id);
    } catch (error) {
      writeFailed(error, 'Failed to delete template');
      return;
    }
    notifySuccess('Template deleted successfully');
    await get().load();
  },
}));
