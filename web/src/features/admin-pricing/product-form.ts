// The product dialog's values and the rules that turn them into the payload: Starting Price
// required and parsed as a decimal; Sort Order an integer, 0 when not numeric; features one per line with
// blank lines dropped; category postcard and Visible on for a new product. The shared schema checks the rest.
import { type PricingProduct, type ProductCategory, productInputSchema, type ProductData, fieldErrors } from '@contract';

export interface ProductFormValues {
  name: string;
  category: ProductCategory;
  startingPrice: string;
  description: string;
  features: string;
  sortOrder: string;
  isVisible: boolean;
}

export function initialProductValues(product: PricingProduct | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    category: product?.category ?? 'postcard',
    startingPrice: product ? String(product.startingPrice) : '',
    description: product?.description ?? '',
    features: product?.features.join('\n') ?? '',
    sortOrder: product ? String(product.sortOrder) : '0',
    isVisible: product?.isVisible ?? true,
  };
}

export type ProductFormResult = { ok: true; data: ProductData } | { ok: false; errors: Record<string, string> };

export function checkProduct(values: ProductFormValues): ProductFormResult {
  const priceText = values.startingPrice.trim();
  const price = priceText === '' ? Number.NaN : Number.parseFloat(priceText);
  const sortOrder = Number.parseInt(values.sortOrder.trim(), 10);
  const parsed = productInputSchema.safeParse({
    name: values.name,
    category: values.category,
    // NaN is not a number to zod, so a blank or non-numeric price reads "Starting price is required".
    startingPrice: Number.isNaN(price) ? undefined : price,
    description: values.description,
    features: values.features.split('\n').map((line) => line.trim()).filter((line) => line !== ''),
    sortOrder: Number.isNaN(sortOrder) ? 0 : sortOrder,
    isVisible: values.isVisible,
  });
  if (!parsed.success) return { ok: false, errors: byField(fieldErrors(parsed.error)) };
  return { ok: true, data: { ...parsed.data, description: parsed.data.description ?? '' } };
}

/** A problem with one feature line (`features.3`) is shown under the Features field. */
function byField(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = key.split('.')[0] ?? key;
    out[field] ??= message;
  }
  return out;
}
