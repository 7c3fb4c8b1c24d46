import type { ReactNode } from 'react';
import { Icon } from './icon';

export function CheckList({ items, tone = 'light' }: { items: ReactNode[]; tone?: 'light' | 'dark' }) {
  const dark = tone === 'dark';
  return (
    <ul className="space-y-3">
      {items.map((item, i) => (
        <li key={i} className={`flex gap-3 leading-7 ${dark ? 'text-slate-100' : 'text-slate-700'}`}>
          <Icon name="check" className={`mt-1 h-5 w-5 shrink-0 ${dark ? 'text-amber-300' : 'text-green-700'}`} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
