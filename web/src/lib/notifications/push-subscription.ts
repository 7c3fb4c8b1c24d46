// This device's Web Push subscription, kept in step with the server: made when the person turns notifications
// on (the browser's permission was asked on that press), sent again at each start (a new session after signing
// in again owns it), made anew when the push service replaces it (the worker's pushsubscriptionchange), and
// given up when they turn notifications off. Plain fetch: the service worker runs this too.
import type { PushKey } from '@contract';

const SUBSCRIPTIONS = '/api/admin/notifications/push-subscriptions';

export function pushSupported(registration: ServiceWorkerRegistration | undefined): boolean {
  return Boolean(registration && 'pushManager' in registration);
}

async function serverKey(): Promise<string> {
  const res = await fetch('/api/admin/notifications/push-key', { credentials: 'same-origin' });
  if (!res.ok) throw new Error(`push key: ${res.status}`);
  return ((await res.json()) as PushKey).publicKey;
}

async function post(path: string, body: unknown): Promise<void> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
}

const tellServer = (subscription: PushSubscription) => post(SUBSCRIPTIONS, subscription.toJSON());

/** Subscribes this device (or reuses its subscription) and tells the server; needs the permission granted. */
export async function subscribeThisDevice(registration: ServiceWorkerRegistration): Promise<void> {
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await serverKey() }));
  await tellServer(subscription);
}

/** Turning notifications off on this device: the server forgets it, then the browser does. */
export async function unsubscribeThisDevice(registration: ServiceWorkerRegistration): Promise<void> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await post(`${SUBSCRIPTIONS}/remove`, { endpoint: subscription.endpoint }).catch(() => undefined);
  await subscription.unsubscribe();
}

/** The push service replaced or dropped the subscription: the new one goes to the server, the old one away. */
export async function resubscribePush(
  registration: ServiceWorkerRegistration,
  old: PushSubscription | null,
  replacement: PushSubscription | null,
): Promise<void> {
  const subscription =
    replacement ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: old?.options.applicationServerKey ?? (await serverKey()),
    }));
  await tellServer(subscription);
  if (old && old.endpoint !== subscription.endpoint) await post(`${SUBSCRIPTIONS}/remove`, { endpoint: old.endpoint }).catch(() => undefined);
}
