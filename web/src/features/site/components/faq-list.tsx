// FAQ groups as Headless UI Disclosures: each question is a button that shows and hides its answer,
// with aria-expanded kept right for assistive technology.
import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import type { FaqGroup } from '../content/faq-content';
import { Icon } from './icon';

export function FaqList({ groups }: { groups: FaqGroup[] }) {
  return (
    <div className="space-y-12">
      {groups.map((group) => (
        <section key={group.title}>
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">{group.title}</h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
            {group.items.map((item) => (
              <Disclosure key={item.question} as="div" className="px-5 py-1">
                <h3>
                  <DisclosureButton className="group flex w-full items-center justify-between gap-4 rounded-lg py-4 text-left font-semibold text-slate-900 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700">
                    {item.question}
                    <Icon name="chevronDown" className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-data-open:rotate-180" />
                  </DisclosureButton>
                </h3>
                <DisclosurePanel className="pb-5 leading-7 text-slate-600">{item.answer}</DisclosurePanel>
              </Disclosure>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
