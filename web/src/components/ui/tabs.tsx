// Tabs on Headless UI: arrow keys move between tabs, the panel is tied to its tab.
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export interface TabDef {
  label: ReactNode;
  content: ReactNode;
}

export function Tabs({ tabs, label }: { tabs: TabDef[]; label: string }) {
  return (
    <TabGroup>
      <TabList aria-label={label} className="flex gap-1 rounded-xl bg-slate-100 p-1">
        {tabs.map((t, i) => (
          <Tab
            key={i}
            className="rounded-lg px-4 py-2 text-sm font-medium text-slate-700 data-hover:bg-white/60 data-selected:bg-white data-selected:text-brand-800 data-selected:shadow focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            {t.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        {tabs.map((t, i) => (
          <TabPanel key={i} className="focus:outline-none">
            {t.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
