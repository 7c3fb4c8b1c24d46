// Cards for the visible pricing products, in their sort order; loading, failure and empty states keep
// the block's place on the page so nothing jumps when the data arrives.
import { Badge } from '../../components/ui/badge';
import { Button, ExternalButtonLink } from '../../components/ui/button';
import { formatPrice } from '../../lib/format-number';
import { siteConfig } from '../../lib/site-config';
import type { PricingProduct } from '@contract';
import { usePricingProducts } from './use-pricing-products';

const CATEGORY_LABEL: Record<PricingProduct['category'], string> = {
  postcard: 'Postcard',
  letter: 'Letter',
  package: 'Package',
};

export function PricingProductCards() {
  const { state, retry } = usePricingProducts();

  if (state.status === 'loading') {
    return (
      <div role="status" className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        Loading pricing products…
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="rounded-2xl border border-slate-200 bg-white p-10 text-center">
        <p className="text-slate-700">Pricing products could not be loaded. The price table above is always current.</p>
        <Button variant="secondary" className="mt-4" onClick={retry}>
          Try again
        </Button>
      </div>
    );
  }
  if (state.products.length === 0) {
    return <p className="rounded-2xl bg-white p-10 text-center text-slate-600 ring-1 ring-slate-200">No products found</p>;
  }
  return (
    <ul aria-label="Pricing products" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {state.products.map((p) => (
        <li key={p.id} className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <div className="flex items-start justify-between gap-3">
            <h3 className="text-lg font-semibold text-slate-900">{p.name}</h3>
            <Badge tone="brand">{CATEGORY_LABEL[p.category]}</Badge>
          </div>
          <p className="mt-4 text-slate-600">
            Starting at <span className="text-3xl font-extrabold tracking-tight text-slate-900">{formatPrice(p.startingPrice)}</span>
            <span className="text-sm"> / piece</span>
          </p>
          {p.description ? <p className="mt-3 leading-7 text-slate-600">{p.description}</p> : null}
          {p.features.length ? (
            <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
              {p.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <span aria-hidden="true" className="text-green-700">✓</span>
                  {f}
                </li>
              ))}
            </ul>
          ) : (
            <div className="flex-1" />
          )}
          <ExternalButtonLink href={siteConfig.links.register} variant="secondary" className="mt-6">
            Get Started
          </ExternalButtonLink>
        </li>
      ))}
    </ul>
  );
}
