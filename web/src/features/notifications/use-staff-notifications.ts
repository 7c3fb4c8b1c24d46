// What the admin frame runs for the signed-in person: their notification choices loaded, a notification for a
// live event heard while the app is hidden (the service worker shows it, so a click reaches the worker), the
// unseen-lead count kept up to date (admins), and the worker's "open this" after a notification's click.
import { useEffect } from 'react';
import { mayBeTold, notificationFor, notificationKindOf, type CurrentUser } from '@contract';
import { subscribe } from '../../lib/events';
import { OPEN_PATH_MESSAGE } from '../../lib/cache-names';
import { safeAppPath } from '../../lib/notifications/show';
import { currentPermission, showFromPage } from './device-notifications';
import { useNotificationsStore } from './notifications-store';
import { useUnseenLeadsStore } from './unseen-leads-store';

export function useStaffNotifications(user: CurrentUser | null, openPath: (path: string) => void): void {
  const userId = user?.id;
  const role = user?.role;

  useEffect(() => {
    if (!userId || !role) return;
    // The choices matter on a device that allowed notifications; elsewhere they load when the dialog opens.
    if (currentPermission() === 'granted') useNotificationsStore.getState().ensureLoaded();
    const isAdmin = role === 'admin';
    const unseen = useUnseenLeadsStore.getState();
    if (isAdmin) void unseen.refresh();
    const onVisible = () => {
      if (document.visibilityState === 'visible' && isAdmin) void useUnseenLeadsStore.getState().refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    const stop = subscribe('live', ({ event, catchUp }) => {
      if (isAdmin && event.type === 'lead.created') void useUnseenLeadsStore.getState().refresh();
      if (catchUp) return;
      const prefs = useNotificationsStore.getState().prefs;
      const kind = notificationKindOf(event);
      // While the person looks at the app, its screens show the change; the notification is for when they do not.
      if (document.visibilityState !== 'hidden' || !prefs?.enabled || !kind || !prefs[kind]) return;
      if (!mayBeTold({ id: userId, role }, event) || currentPermission() !== 'granted') return;
      void showFromPage(notificationFor(event)).catch(() => undefined);
    });
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, role]);

  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const onMessage = (e: MessageEvent) => {
      const data = e.data as { type?: unknown; path?: unknown } | null;
      if (data?.type === OPEN_PATH_MESSAGE) openPath(safeAppPath(data.path));
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [openPath]);
}

/** The dashboard, seen while visible, marks its newest lead seen (and every lead before it). */
export function useMarkLeadsSeen(newestLeadId: number | undefined): void {
  useEffect(() => {
    if (!newestLeadId) return;
    const mark = () => {
      if (document.visibilityState === 'visible') void useUnseenLeadsStore.getState().markSeen(newestLeadId);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [newestLeadId]);
}
