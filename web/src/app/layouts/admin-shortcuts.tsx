// The admin's own keys: `g` then a screen's key goes to that screen, `?` lists every shortcut. The button that
// opens the same list sits in each screen's header; the navigation links carry their `g` keys for screen readers.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { ShortcutsDialog, type ShortcutGroup } from '../../components/ui/shortcuts-dialog';
import { ariaKeyShortcuts, goToShortcut, SHORTCUTS, useKeyboardShortcuts } from '../../lib/keyboard-shortcuts';
import type { AdminRouteDef } from '../routes';

/** The `g` shortcut of a screen, for its navigation link. */
export function goToScreen({ admin }: AdminRouteDef) {
  return goToShortcut(admin.goKey, admin.heading);
}

/** The "Keyboard shortcuts" button and list, and the keys that work on every screen the person may use. */
export function AdminShortcuts({ screens }: { screens: readonly AdminRouteDef[] }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  useKeyboardShortcuts([...screens.map((route) => [goToScreen(route), () => navigate(route.path)] as const), [SHORTCUTS.help, () => setOpen(true)]]);

  const groups: ShortcutGroup[] = [
    { where: 'Anywhere in the admin', shortcuts: [SHORTCUTS.help, ...screens.map(goToScreen)] },
    ...screens.flatMap(({ admin }) => (admin.shortcuts ? [{ where: `${admin.heading}: ${admin.shortcuts.where}`, shortcuts: admin.shortcuts.keys.map((name) => SHORTCUTS[name]) }] : [])),
  ];
  return (
    <>
      {/* A phone rarely has a keyboard: there the button would only crowd the heading (the key still works). */}
      <div className="hidden shrink-0 sm:block">
        <Button variant="ghost" size="sm" className="ring-1 ring-inset ring-slate-300" aria-keyshortcuts={ariaKeyShortcuts(SHORTCUTS.help)} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <span aria-hidden="true" className="font-mono">?</span>
          Keyboard shortcuts
        </Button>
      </div>
      <ShortcutsDialog open={open} onClose={() => setOpen(false)} groups={groups} />
    </>
  );
}
