// Where the focus goes, so a rep moves from one person to the next without touching anything twice: after a
// scan to the first field the badge left empty (or Save), after a refused Save to the first field in error
// (opening "More details" if it is there), after a Save to where the next capture starts.
import { DETAILS, idOf, SCAN_BUTTON_ID, type Field } from './capture-fields';

const focusId = (id: string) => document.getElementById(id)?.focus();

/**
 * The scan dialog gives focus back to the Scan button once it has closed (after its closing transition); the
 * rep's next step is elsewhere. So each frame, while the dialog is still there and for a few frames after,
 * focus that lands on the Scan button or nowhere is moved to the next step.
 */
export function focusAfterDialog(id: string): void {
  const until = performance.now() + 2000;
  let framesAfterClose = 10;
  const tick = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.id === SCAN_BUTTON_ID) focusId(id);
    if (!document.querySelector('[role="dialog"]')) framesAfterClose--;
    if (framesAfterClose > 0 && performance.now() < until) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** A field in error; one behind a closed "More details" is focused once `openDetails` has shown it. */
export function focusField(field: Field, detailsOpen: boolean, openDetails: () => void): void {
  if (DETAILS.includes(field) && !detailsOpen) {
    openDetails();
    requestAnimationFrame(() => focusId(idOf(field)));
  } else focusId(idOf(field));
}

/** Where the next capture starts: Scan after a scanned badge, First name after a typed person. */
export function focusNextCapture(scanned: boolean): void {
  focusId(scanned ? SCAN_BUTTON_ID : idOf('firstName'));
}
