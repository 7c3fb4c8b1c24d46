// Data migration: the pricing products staff start from mirror the marketing price list (per piece, print and postage
// included). Starting prices are the lowest per-piece tier (10,000+ pieces a month).
import type { Knex } from 'knex';

const PRODUCTS = [
  {
    name: 'First Class 4x6 Postcard',
    category: 'postcard',
    cents: 59,
    description: 'Our most popular mailer: 4.25x6 on 110 lb film laminated stock, printed four-over-four.',
    features: ['$0.68 up to 1,999 pieces a month', '$0.65 from 2,000', '$0.62 from 5,000', '$0.59 from 10,000', 'First Class delivery in 2-3 business days', 'Duplex printing free'],
  },
  {
    name: 'First Class 6x9 Postcard',
    category: 'postcard',
    cents: 63,
    description: 'More room for your message on a 6x9 postcard with UV coating.',
    features: ['$0.72 up to 1,999 pieces a month', '$0.69 from 2,000', '$0.67 from 5,000', '$0.63 from 10,000', 'First Class delivery in 2-3 business days', 'Duplex printing free'],
  },
  {
    name: 'First Class Letter',
    category: 'letter',
    cents: 85,
    description: '8.5x11 or 8.5x14 letters on 28 lb stock, envelope included, sent First Class.',
    features: ['$0.90 up to 1,999 pieces a month', '$0.87 from 2,000', '$0.85 from 5,000', '$0.835 from 10,000', 'Additional pages from $0.09', 'Envelopes included'],
  },
  {
    name: 'Standard Mail Letter',
    category: 'letter',
    cents: 66,
    description: 'The economical letter for larger campaigns, delivered Standard Mail in 5-10 business days.',
    features: ['$0.77 up to 1,999 pieces a month', '$0.71 from 2,000', '$0.68 from 5,000', '$0.66 from 10,000', 'Additional pages from $0.09', 'Envelopes included'],
  },
  {
    name: 'Enterprise Volume',
    category: 'package',
    cents: 59,
    description: 'Custom pricing above 100,000 pieces a month, with 24x7 phone support.',
    features: ['Custom per-piece pricing', '24x7 phone support', 'No minimums, charged only when mailed', 'Invalid addresses are never charged'],
  },
];

export async function up(knex: Knex): Promise<void> {
  const now = new Date().toISOString();
  await knex('pricing_products').insert(
    PRODUCTS.map((p, i) => ({
      name: p.name,
      category: p.category,
      starting_price_cents: p.cents,
      description: p.description,
      features: JSON.stringify(p.features),
      is_visible: true,
      sort_order: (i + 1) * 10,
      created_at: now,
      updated_at: now,
    })),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('pricing_products').whereIn('name', PRODUCTS.map((p) => p.name)).delete();
}
