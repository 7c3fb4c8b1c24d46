// How a notification about a record looks and where its click goes, for the service worker's push handler
// and the page's own (a live event heard while the app is hidden): one tag per record, so a second event
// about a lead replaces its notification instead of adding one.
// Types only from the contract here: the service worker bundles this file, and carries none of the contract's code.
import type { PushMessage } from '@contract';

/** What a notification carries for its click: the app path that opens the record. */
export interface NotificationData {
  url: string;
}

export function showRecordNotification(registration: ServiceWorkerRegistration, message: PushMessage): Promise<void> {
  const data: NotificationData = { url: message.url };
  return registration.showNotification(message.title, {
    body: message.body,
    tag: message.tag,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    data,
  });
}

/** Only same-origin app paths are opened from a notification, whatever a message claimed. */
export function safeAppPath(url: unknown): string {
  return typeof url === 'string' && /^\/admin(?:[/?#]|$)/.test(url) && !url.startsWith('//') ? url : '/admin';
}
