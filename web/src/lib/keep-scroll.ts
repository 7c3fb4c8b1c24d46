// Rows that arrive live go in at the top of a list; the rows the person is reading must not move on screen.
// The first list row in view (any `[data-list-item]`) is the anchor: the change is rendered at once, and the
// page scrolls by however far the anchor moved. Browsers' own scroll anchoring does this in some engines and
// cases only (not Safari, not at the very top of the page); after this, it finds nothing left to correct.
import { flushSync } from 'react-dom';

export function keepScrollPosition(change: () => void): void {
  const anchor = typeof document === 'undefined' ? null : firstRowInView();
  const before = anchor?.getBoundingClientRect().top;
  flushSync(change);
  if (!anchor || before === undefined || !anchor.isConnected) return;
  const moved = anchor.getBoundingClientRect().top - before;
  if (moved !== 0) window.scrollBy(0, moved);
}

function firstRowInView(): HTMLElement | null {
  for (const row of document.querySelectorAll<HTMLElement>('[data-list-item]')) {
    const { top, bottom, height } = row.getBoundingClientRect();
    if (height > 0 && bottom > 0) return top < window.innerHeight ? row : null;
  }
  return null;
}
