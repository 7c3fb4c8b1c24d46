// The Products tab: Add Product, the product cards, and the add / edit dialog; 'No products found' when empty.
import { WriteButton } from '../../../components/ui/write-button';
import { useState } from 'react';
import type { PricingProduct } from '@contract';
import { Button } from '../../../components/ui/button';
import { EmptyText, ErrorPanel, LoadingText } from '../../../components/ui/list-state';
import { usePricingStore } from '../pricing-store';
import { ProductCard } from './product-card';
import { ProductFormDialog } from './product-form-dialog';

export function ProductsTab() {
  const products = usePricingStore((s) => s.products);
  const status = usePricingStore((s) => s.productsStatus);
  const error = usePricingStore((s) => s.productsError);
  const load = usePricingStore((s) => s.loadProducts);
  const [dialog, setDialog] = useState<{ open: boolean; product: PricingProduct | null; opening: number }>({ open: false, product: null, opening: 0 });

  const openDialog = (product: PricingProduct | null) => setDialog((d) => ({ open: true, product, opening: d.opening + 1 }));

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Products</h2>
        <WriteButton onClick={() => openDialog(null)}>Add Product</WriteButton>
      </div>
      {status === 'error' ? (
        <ErrorPanel title="The products could not be loaded." detail={error} onRetry={() => void load()} />
      ) : status !== 'ready' && products.length === 0 ? (
        <LoadingText>Loading products...</LoadingText>
      ) : products.length === 0 ? (
        <EmptyText>No products found</EmptyText>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2 2xl:grid-cols-3">
          {products.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} onEdit={() => openDialog(product)} />
            </li>
          ))}
        </ul>
      )}
      <ProductFormDialog key={dialog.opening} open={dialog.open} product={dialog.product} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </div>
  );
}
