// "Saved Carlos Booth. Ready for the next person.": after Save on a phone the form clears and the rep's eyes are
// on First name, near the top; a line under the Save button sat below the fold. So the confirmation shows at
// the top of the screen for a few seconds, over the page and never under a thumb (taps pass through it), and
// its live region tells a screen reader. It takes no focus: the rep types the next person at once.
import { useEffect, useState } from 'react';
import type { SavedConfirmation } from '../form/use-capture-save';

/** Long enough to read a name, short enough not to be mistaken for the next save's. */
const SHOWN_MS = 4000;

export function SavedNotice({ confirmation }: { confirmation: SavedConfirmation | null }) {
  const [shown, setShown] = useState<SavedConfirmation | null>(null);
  useEffect(() => {
    setShown(confirmation);
    if (!confirmation) return;
    const timer = window.setTimeout(() => setShown(null), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [confirmation]);
  return (
    // The region stays in the page (empty between saves) so that each new text in it is announced.
    <div role="status" className="pointer-events-none fixed inset-x-0 top-3 z-40 flex justify-center px-4" data-testid="capture-saved">
      {/* A new node per save, so the same name saved twice is announced twice. */}
      {shown ? (
        <p key={shown.serial} className="max-w-md rounded-xl bg-green-50 px-4 py-2.5 text-center text-sm font-medium text-green-900 shadow-lg ring-1 ring-green-600/30">
          {shown.text}
        </p>
      ) : null}
    </div>
  );
}
