// The event a rep is capturing at, remembered on this device until changed (issue 6). localStorage can be
// missing or full (private modes); then the event lasts for this visit only.
const KEY = 'dm-capture-event';

export function readEvent(): string | null {
  try {
    return window.localStorage.getItem(KEY) || null;
  } catch {
    return null;
  }
}

export function writeEvent(name: string): void {
  try {
    window.localStorage.setItem(KEY, name);
  } catch {
    /* kept in memory by the store for this visit */
  }
}
