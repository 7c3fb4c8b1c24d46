// One pricing product: price, category, description, features, a Hidden marker when it is not shown on the
// public pricing page, and the eye (hide/show) and edit buttons.
import { OFFLINE_WRITE_REASON, useWritesPaused } from '../../../lib/offline-data';
import { WriteButton } from '../../../components/ui/write-button';
import type { PricingProduct } from '@contract';
import { Badge } from '../../../components/ui/badge';
import { formatPrice } from '../../../lib/format';
import { usePricingStore } from '../pricing-store';
import { EyeIcon } from './eye-icon';

interface ProductCardProps {
  product: PricingProduct;
  onEdit: () => void;
}

export function ProductCard({ product, onEdit }: ProductCardProps) {
  const toggle = usePricingStore((s) => s.toggleVisibility);
  const busy = usePricingStore((s) => s.updatingVisibility.has(product.id));
  const paused = useWritesPaused();
  const titleId = `product-${product.id}-title`;

  return (
    <article aria-labelledby={titleId} className={`flex h-full flex-col rounded-2xl border bg-white p-5 shadow-sm ${product.isVisible ? 'border-slate-200' : 'border-dashed border-slate-300 bg-slate-50'}`}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {product.name}
          </h3>
          <div className="mt-1 flex flex-wrap gap-2">
            <Badge tone="brand">{product.category}</Badge>
            {product.isVisible ? null : <Badge tone="neutral">Hidden</Badge>}
          </div>
        </div>
        <div className="flex shrink-0 gap-1">
          <button
            type="button"
            disabled={busy || paused}
            onClick={() => void toggle(product)}
            aria-label={`${product.isVisible ? 'Hide' : 'Show'} product ${product.name}`}
            title={paused ? OFFLINE_WRITE_REASON : product.isVisible ? 'Hide product' : 'Show product'}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50"
          >
            <EyeIcon crossed={!product.isVisible} />
          </button>
          <WriteButton variant="secondary" size="sm" onClick={onEdit} aria-label={`Edit ${product.name}`}>
            Edit
          </WriteButton>
        </div>
      </div>
      <p className="mt-4 text-sm text-slate-600">
        Starting at <span className="text-2xl font-bold text-slate-900">{formatPrice(product.startingPrice)}</span>
      </p>
      {product.description ? <p className="mt-2 text-sm text-slate-600">{product.description}</p> : null}
      {product.features.length ? (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {product.features.map((feature, i) => (
            <li key={i} className="flex gap-2">
              <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-green-700">
                <path d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" />
              </svg>
              {feature}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-auto pt-4 text-xs text-slate-500">Sort order {product.sortOrder}</p>
    </article>
  );
}
