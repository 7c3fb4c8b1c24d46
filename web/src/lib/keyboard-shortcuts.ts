// The admin's keyboard shortcuts: what each one is (its keys and what it does), written once, so the key
// handling, the `aria-keyshortcuts` of the control that does the same thing and the shortcuts list shown on
// `?` can never disagree. The handling itself is useKeyboardShortcuts.
import { useEffect, useRef } from 'react';

export interface Shortcut {
  /** `KeyboardEvent.key` values pressed one after the other (letters in lower case): ['j'], ['g', 'd']. */
  keys: readonly string[];
  /** What it does, as the shortcuts list says it. */
  action: string;
  /** Held down, it repeats (moving through a list); anything else acts once per press. */
  repeats?: boolean;
}

export const SHORTCUTS = {
  next: { keys: ['j'], action: 'Move down the list', repeats: true },
  previous: { keys: ['k'], action: 'Move up the list', repeats: true },
  open: { keys: ['Enter'], action: 'Open the selected lead' },
  close: { keys: ['Escape'], action: 'Close the dialog' },
  search: { keys: ['/'], action: 'Search leads' },
  take: { keys: ['t'], action: 'Take the selected lead' },
  stage: { keys: ['s'], action: 'Change the selected lead\'s stage' },
  note: { keys: ['n'], action: 'Write a note on the selected lead' },
  toggleProcessed: { keys: ['x'], action: 'Mark the selected request Processed or Pending' },
  help: { keys: ['?'], action: 'Show the keyboard shortcuts' },
} as const satisfies Record<string, Shortcut>;

export type ShortcutName = keyof typeof SHORTCUTS;

/** `g` then the screen's key goes to that screen. */
export function goToShortcut(key: string, screen: string): Shortcut {
  return { keys: ['g', key], action: `Go to ${screen}` };
}

/** How ARIA names a key: by the physical key (`?` is Shift and `/` on the layouts this admin is used with). */
const ARIA_KEY: Record<string, string> = { '?': 'Shift+/' };

/**
 * The `aria-keyshortcuts` value of these shortcuts. ARIA has no way to write a sequence, so `g d` is written
 * `G+D`, which is also true: holding G while pressing D fires it (the keys arrive in that order).
 */
export function ariaKeyShortcuts(...shortcuts: Shortcut[]): string {
  return shortcuts.map((s) => s.keys.map((k) => ARIA_KEY[k] ?? (k.length === 1 ? k.toUpperCase() : k)).join('+')).join(' ');
}

/** How the shortcuts list shows a key. */
export function keyLabel(key: string): string {
  return key === 'Escape' ? 'Esc' : key;
}

/** A field the person types into: their keys are text, never shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Keys with Ctrl, Meta or Alt are the browser's and the system's; keys typed into a field are text; keys
 * inside an open dialog are the dialog's (Escape, Tab, Enter on its buttons). Shift is allowed: `?` needs it.
 */
function mayBeShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (isTyping(event.target)) return false;
  return !(event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]'));
}

/** How long the second key of a sequence (`g` then `d`) may wait for the first. */
const SEQUENCE_MS = 1500;

const normalised = (key: string) => (key.length === 1 ? key.toLowerCase() : key);

export type ShortcutBinding = readonly [Shortcut, (event: KeyboardEvent) => void];

/**
 * Runs each binding's action when its keys are pressed anywhere on the page, while the calling component is
 * mounted. One listener per call; the latest bindings are used without re-subscribing.
 */
export function useKeyboardShortcuts(bindings: readonly ShortcutBinding[]): void {
  const latest = useRef(bindings);
  useEffect(() => {
    latest.current = bindings;
  });
  useEffect(() => {
    let pending: { key: string; at: number } | null = null;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!mayBeShortcut(event)) {
        pending = null;
        return;
      }
      const key = normalised(event.key);
      const started = pending && event.timeStamp - pending.at <= SEQUENCE_MS ? pending.key : null;
      pending = null;
      const match = (keys: readonly string[]) => latest.current.find(([s]) => s.keys.length === keys.length && s.keys.every((k, i) => k === keys[i]));
      const found = (started !== null ? match([started, key]) : undefined) ?? match([key]);
      if (found) {
        event.preventDefault();
        if (event.repeat && !found[0].repeats) return;
        found[1](event);
        return;
      }
      if (!event.repeat && latest.current.some(([s]) => s.keys.length > 1 && s.keys[0] === key)) pending = { key, at: event.timeStamp };
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
