// The marketing price list, per piece including print and postage, by monthly aggregate
// pieces. Prices are kept as the spec writes them ($0.680, $0.12): they are copy, not arithmetic.
export const PRICE_TIERS = ['0-1,999', '2,000-4,999', '5,000-9,999', '10,000+'] as const;

export type PriceRowKind = 'postcard' | 'letter' | 'extra';

export interface PriceRow {
  product: string;
  kind: PriceRowKind;
  prices: readonly [string, string, string, string];
}

export const PRICE_ROWS: readonly PriceRow[] = [
  { product: 'First Class 4x6 postcard', kind: 'postcard', prices: ['$0.680', '$0.650', '$0.620', '$0.590'] },
  { product: 'First Class 6x9 postcard', kind: 'postcard', prices: ['$0.720', '$0.690', '$0.670', '$0.630'] },
  { product: 'First Class letter 8.5x11 and 8.5x14', kind: 'letter', prices: ['$0.900', '$0.870', '$0.850', '$0.835'] },
  { product: 'Standard Mail letter 8.5x11 and 8.5x14', kind: 'letter', prices: ['$0.770', '$0.710', '$0.680', '$0.660'] },
  { product: 'Additional letter pages', kind: 'extra', prices: ['$0.12', '$0.11', '$0.10', '$0.09'] },
];

/** Support that comes with each tier: e-mail for all, 8x5 phone from the second, 24x7 at 10,000+. */
export const SUPPORT_BY_TIER = ['Email support', 'Email + 8x5 phone support', 'Email + 8x5 phone support', 'Email + 24x7 phone support'] as const;
