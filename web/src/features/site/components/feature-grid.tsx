// Cards of features or products: icon, h3, text, and an optional link or action at the bottom.
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

export interface Feature {
  title: string;
  description: ReactNode;
  icon?: IconName;
  footer?: ReactNode;
}

const COLUMNS = { 2: 'md:grid-cols-2', 3: 'md:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const;

export function FeatureGrid({ features, columns = 3 }: { features: Feature[]; columns?: keyof typeof COLUMNS }) {
  return (
    <ul className={`grid gap-6 ${COLUMNS[columns]}`}>
      {features.map((f) => (
        <li key={f.title} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          {f.icon ? (
            <span className="mb-4 inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
              <Icon name={f.icon} />
            </span>
          ) : null}
          <h3 className="text-lg font-semibold text-slate-900">{f.title}</h3>
          <div className="mt-2 flex-1 leading-7 text-slate-600">{f.description}</div>
          {f.footer ? <div className="mt-5">{f.footer}</div> : null}
        </li>
      ))}
    </ul>
  );
}
