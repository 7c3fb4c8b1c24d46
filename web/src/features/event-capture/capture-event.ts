// The event a rep is capturing at, remembered on this device until changed. localStorage can be
// missing or full (private modes); then the event lasts for this visit only.
import { CAPTURE_EVENT_KEY as KEY } from '../../lib/cache-names';

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
