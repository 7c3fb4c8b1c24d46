// What this browser can do about notifications: its permission, the service worker's registration (which
// shows them, so a click reaches the worker), and this device's push subscription.
import { showRecordNotification } from '../../lib/notifications/show';
import { pushSupported, subscribeThisDevice, unsubscribeThisDevice } from '../../lib/notifications/push-subscription';
import type { PushMessage } from '@contract';

export type Permission = NotificationPermission | 'unsupported';

export function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** The worker's registration, or undefined at once where there is none (never waits like `ready`). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration().catch(() => undefined);
}

/** Subscribes this device to Web Push; false where the browser has no push (notifications then come only while the app runs). */
export async function subscribePush(): Promise<boolean> {
  const reg = await registration();
  if (!pushSupported(reg)) return false;
  await subscribeThisDevice(reg!);
  return true;
}

export async function unsubscribePush(): Promise<void> {
  const reg = await registration();
  if (pushSupported(reg)) await unsubscribeThisDevice(reg!);
}

/** Shows a notification from the page (the app is hidden): through the worker where there is one. */
export async function showFromPage(message: PushMessage): Promise<void> {
  const reg = await registration();
  if (reg) return showRecordNotification(reg, message);
  const shown = new Notification(message.title, { body: message.body, tag: message.tag });
  shown.onclick = () => {
    window.focus();
    window.location.assign(message.url);
  };
}
