// The list of every keyboard shortcut (opened by `?` or the "Keyboard shortcuts" button), grouped by where
// each one works, each key shown as a key cap.
import { Fragment } from 'react';
import { keyLabel, type Shortcut } from '../../lib/keyboard-shortcuts';
import { Modal } from './dialog';

export interface ShortcutGroup {
  where: string;
  shortcuts: readonly Shortcut[];
}

export function ShortcutsDialog({ open, onClose, groups }: { open: boolean; onClose: () => void; groups: readonly ShortcutGroup[] }) {
  return (
    <Modal open={open} onClose={onClose} title="Keyboard shortcuts" description="Keys do nothing while you type in a field, or with Ctrl, Alt or ⌘ held.">
      <div className="space-y-5">
        {groups.map((group) => (
          <section key={group.where} aria-labelledby={`shortcuts-${slug(group.where)}`}>
            <h3 id={`shortcuts-${slug(group.where)}`} className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
              {group.where}
            </h3>
            <dl className="divide-y divide-slate-100 text-sm">
              {group.shortcuts.map((shortcut) => (
                <div key={shortcut.keys.join(' ')} className="flex items-center justify-between gap-4 py-1.5">
                  <dt className="text-slate-800">{shortcut.action}</dt>
                  <dd className="flex shrink-0 items-center gap-1 text-slate-500">
                    {shortcut.keys.map((key, i) => (
                      <Fragment key={i}>
                        {i > 0 ? <span className="text-xs">then</span> : null}
                        <kbd className="min-w-7 rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs font-semibold text-slate-800 shadow-[0_1px_0_var(--color-slate-300)]">
                          {keyLabel(key)}
                        </kbd>
                      </Fragment>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
