// Signed-in devices, in two stores of one shape: the person's own (every user, /admin/devices), and one staff
// member's as an admin sees them (the Team screen's Devices dialog). Ending a device deletes its session on the
// server; that device is refused at its next request and drops the admin data it kept.
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import type { DeviceSession } from '@contract';
import { describeError, isUnauthorized } from '../../lib/server-error';
import { sessionExpired } from '../../lib/session-expired';
import { notifyError, notifySuccess } from '../../lib/toast';
import { memberDevicesApi, myDevicesApi, type DevicesApi } from './team-api';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface DevicesState {
  devices: DeviceSession[];
  status: Status;
  error: string | null;
  /** Sessions whose sign-out is on its way. */
  ending: Set<string>;
  endingMany: boolean;
  load: () => Promise<void>;
  end: (device: DeviceSession) => Promise<void>;
  endMany: () => Promise<void>;
}

type DevicesStore = UseBoundStore<StoreApi<DevicesState>> & { setApi: (api: DevicesApi) => void };

function failed(error: unknown, toast: string): string {
  if (isUnauthorized(error)) sessionExpired('titled');
  else notifyError(toast, error instanceof Error ? error.message : undefined);
  return describeError(error);
}

function createDevicesStore(initial: DevicesApi, endManyDone: (n: number) => string): DevicesStore {
  let api = initial;
  // An answer for an earlier account (the dialog was reopened for another) is dropped.
  let generation = 0;
  const store = create<DevicesState>()((set, get) => ({
    devices: [],
    status: 'idle',
    error: null,
    ending: new Set(),
    endingMany: false,

    load: async () => {
      const mine = generation;
      set({ status: get().devices.length ? 'ready' : 'loading', error: null });
      try {
        const devices = await api.list();
        if (mine === generation) set({ devices, status: 'ready' });
      } catch (error) {
        if (isUnauthorized(error)) sessionExpired('titled');
        if (mine === generation) set({ status: 'error', error: describeError(error) });
      }
    },

    end: async (device) => {
      if (get().ending.has(device.id)) return;
      set({ ending: new Set(get().ending).add(device.id) });
      try {
        await api.end(device.id);
        notifySuccess('Device signed out');
        await get().load();
      } catch (error) {
        failed(error, 'Failed to sign the device out');
      } finally {
        const ending = new Set(get().ending);
        ending.delete(device.id);
        set({ ending });
      }
    },

    endMany: async () => {
      if (get().endingMany) return;
      set({ endingMany: true });
      try {
        notifySuccess(endManyDone(await api.endMany()));
        await get().load();
      } catch (error) {
        failed(error, 'Failed to sign the devices out');
      } finally {
        set({ endingMany: false });
      }
    },
  }));
  return Object.assign(store, {
    setApi: (next: DevicesApi) => {
      api = next;
      generation++;
      store.setState({ devices: [], status: 'idle', error: null, ending: new Set(), endingMany: false });
    },
  });
}

const devicesWord = (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`;

export const useMyDevicesStore = createDevicesStore(myDevicesApi, (n) => `Signed out of ${devicesWord(n)} elsewhere`);

export const useMemberDevicesStore = createDevicesStore(memberDevicesApi(0), (n) => `Signed out of ${devicesWord(n)}`);

/** Points the member store at one account and reads its devices (the Devices dialog opening). */
export function showMemberDevices(userId: number): void {
  useMemberDevicesStore.setApi(memberDevicesApi(userId));
  void useMemberDevicesStore.getState().load();
}
