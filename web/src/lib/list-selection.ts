// Moving through a list's rows from the keyboard (j / k). The selection is the keyboard focus itself: the
// focused row is the selected one, so the browser's own focus ring shows it, Enter and Space act on what it
// focuses, Escape in a dialog hands focus back to it, and rows added or removed around it never move it.
// A row is an element marked `data-list-item`; inside it, the element marked `data-list-focus` takes the
// focus (the row's own button), or the row itself (then it needs tabIndex -1).

const ITEM = '[data-list-item]';

/** The list row that holds the focus, if any. */
export function selectedListItem(list: HTMLElement | null): HTMLElement | null {
  const active = document.activeElement;
  if (!list || !(active instanceof HTMLElement) || !list.contains(active)) return null;
  return active.closest<HTMLElement>(ITEM);
}

/** Selects the next (1) or previous (-1) row, the first (or last) one when none is selected, and scrolls it into view. */
export function moveListSelection(list: HTMLElement | null, step: 1 | -1): void {
  if (!list) return;
  const items = [...list.querySelectorAll<HTMLElement>(ITEM)];
  if (items.length === 0) return;
  const current = selectedListItem(list);
  const index = current ? items.indexOf(current) + step : step === 1 ? 0 : items.length - 1;
  const item = items[Math.min(Math.max(index, 0), items.length - 1)]!;
  const target = item.querySelector<HTMLElement>('[data-list-focus]') ?? item;
  target.focus({ preventScroll: true });
  item.scrollIntoView({ block: 'nearest' });
}
