// Pricing products and their audit log in one store, because every product write changes both: after a
// create, update or visibility change the two lists are refetched together.
import { create } from 'zustand';
import type { PricingAuditEntry, PricingProduct, ProductData } from '@contract';
import { describeError, isUnauthorized } from '../../lib/server-error';
import { sessionExpired } from '../../lib/session-expired';
import { notifyError, notifySuccess } from '../../lib/toast';
import { createProduct, fetchAudit, fetchProducts, setProductVisibility, updateProduct } from './pricing-api';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface PricingState {
  products: PricingProduct[];
  productsStatus: Status;
  productsError: string | null;
  audit: PricingAuditEntry[];
  auditStatus: Status;
  auditError: string | null;
  /** Products whose visibility change is on its way. */
  updatingVisibility: Set<number>;
  ensureLoaded: () => void;
  loadProducts: () => Promise<void>;
  loadAudit: () => Promise<void>;
  /** Creates when `id` is absent; resolves true when saved, so the dialog knows to close. */
  save: (input: ProductData, id?: number) => Promise<boolean>;
  toggleVisibility: (product: PricingProduct) => Promise<void>;
}

function messageOf(error: unknown): string {
  return describeError(error);
}

/** The pricing screen words a lost session as one line. */
function failed(error: unknown, toast?: string): string {
  if (isUnauthorized(error)) sessionExpired('inline');
  else if (toast) notifyError(toast);
  return messageOf(error);
}

export const usePricingStore = create<PricingState>()((set, get) => {
  const refetchBoth = () => Promise.all([get().loadProducts(), get().loadAudit()]);

  return {
    products: [],
    productsStatus: 'idle',
    productsError: null,
    audit: [],
    auditStatus: 'idle',
    auditError: null,
    updatingVisibility: new Set(),

    ensureLoaded: () => {
      if (get().productsStatus === 'idle') void get().loadProducts();
      if (get().auditStatus === 'idle') void get().loadAudit();
    },

    loadProducts: async () => {
      set({ productsStatus: 'loading', productsError: null });
      try {
        set({ products: await fetchProducts(), productsStatus: 'ready' });
      } catch (error) {
        set({ productsStatus: 'error', productsError: failed(error) });
      }
    },

    loadAudit: async () => {
      set({ auditStatus: 'loading', auditError: null });
      try {
        set({ audit: await fetchAudit(), auditStatus: 'ready' });
      } catch (error) {
        set({ auditStatus: 'error', auditError: failed(error) });
      }
    },

    save: async (input, id) => {
      try {
        if (id === undefined) await createProduct(input);
        else await updateProduct(id, input);
      } catch (error) {
        failed(error, id === undefined ? 'Failed to create product' : 'Failed to update product');
        return false;
      }
      notifySuccess(id === undefined ? 'Product created successfully' : 'Product updated successfully');
      await refetchBoth();
      return true;
    },

    toggleVisibility: async (product) => {
      if (get().updatingVisibility.has(product.id)) return;
      set({ updatingVisibility: new Set(get().updatingVisibility).add(product.id) });
      try {
        await setProductVisibility(product.id, !product.isVisible);
        notifySuccess('Product visibility updated');
        await refetchBoth();
      } catch (error) {
        failed(error, 'Failed to update visibility');
      } finally {
        const updating = new Set(get().updatingVisibility);
        updating.delete(product.id);
        set({ updatingVisibility: updating });
      }
    },
  };
});
