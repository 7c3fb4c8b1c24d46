// The person on the privacy screen: the address looked up, what the server holds for it, and the export and
// erasure of it. A lookup answered after a newer one started is dropped.
import { create } from 'zustand';
import { personLookupSchema, fieldErrors, type ErasureReport, type PersonRecords, type PipedriveErasureStatus } from '@contract';
import { ServerError } from '../../lib/server-error';
import { saveFile } from '../../lib/save-file';
import { notifyError, notifySuccess } from '../../lib/toast';
import { erasePerson, exportPerson, fetchPipedriveErasures, findPerson } from './privacy-api';
import { failed } from './failure';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface PersonState {
  status: Status;
  /** Why the address cannot be looked up (the field's message), or why the lookup failed. */
  fieldError: string | null;
  error: string | null;
  records: PersonRecords | null;
  exporting: boolean;
  erasing: boolean;
  /** The last erasure's report, shown until the next lookup. */
  report: ErasureReport | null;
  pipedrive: PipedriveErasureStatus | null;
  find: (email: string) => Promise<void>;
  exportFile: () => Promise<void>;
  /** Resolves true when the person was erased, so the confirmation can close. */
  erase: () => Promise<boolean>;
  loadPipedrive: () => Promise<void>;
}

let lookup = 0;

export const usePersonStore = create<PersonState>()((set, get) => ({
  status: 'idle',
  fieldError: null,
  error: null,
  records: null,
  exporting: false,
  erasing: false,
  report: null,
  pipedrive: null,

  find: async (email) => {
    // The server's own schema first: a typing slip is said beside the field without a round trip.
    const parsed = personLookupSchema.safeParse({ email });
    if (!parsed.success) {
      set({ fieldError: fieldErrors(parsed.error).email ?? 'Please enter a valid email', status: 'idle', records: null, report: null });
      return;
    }
    const mine = ++lookup;
    set({ status: 'loading', fieldError: null, error: null, report: null });
    try {
      const records = await findPerson(parsed.data.email);
      if (mine === lookup) set({ status: 'ready', records });
    } catch (error) {
      if (mine !== lookup) return;
      if (error instanceof ServerError && error.fieldErrors.email) set({ status: 'idle', records: null, fieldError: error.fieldErrors.email });
      else set({ status: 'error', records: null, error: failed(error) });
    }
  },

  exportFile: async () => {
    const records = get().records;
    if (!records || get().exporting) return;
    set({ exporting: true });
    try {
      const { blob, fileName } = await exportPerson(records.email);
      saveFile(blob, fileName);
      notifySuccess('Export downloaded', fileName);
    } catch (error) {
      notifyError('Failed to export', failed(error));
    } finally {
      set({ exporting: false });
    }
  },

  erase: async () => {
    const records = get().records;
    if (!records || get().erasing) return false;
    set({ erasing: true });
    try {
      const report = await erasePerson(records.email);
      // What is left to show is what the server holds now: nothing, and the erasure just made.
      const after = await findPerson(records.email).catch(() => null);
      set({ report, records: after, status: after ? 'ready' : get().status });
      notifySuccess('Person erased');
      void get().loadPipedrive();
      return true;
    } catch (error) {
      notifyError('Failed to erase', failed(error));
      return false;
    } finally {
      set({ erasing: false });
    }
  },

  loadPipedrive: async () => {
    try {
      set({ pipedrive: await fetchPipedriveErasures() });
    } catch (error) {
      failed(error);
    }
  },
}));
