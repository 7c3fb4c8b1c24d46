// The public price lists: the pricing table of each product line and the cards of the pricing products.
export { PriceTable } from './price-table';
export { PricingProductCards } from './pricing-product-cards';
