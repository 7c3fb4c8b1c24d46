// Loads the pricing products in the browser after hydration: the prerendered page shows the loading
// state for this block only, so prices staff change appear without a rebuild.
import { useCallback, useEffect, useState } from 'react';
import type { PricingProduct } from '@contract';
import { fetchPricingProducts } from './pricing-products-api';

export type PricingProductsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; products: PricingProduct[] };

export function usePricingProducts() {
  const [state, setState] = useState<PricingProductsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    fetchPricingProducts()
      .then((products) => {
        // The server sorts already; sorting again keeps the spec's order even from a cached answer.
        const sorted = [...products].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
        if (live) setState({ status: 'ready', products: sorted });
      })
      .catch((error: unknown) => {
        console.error('Pricing products failed to load', error);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
