// The pricing module's front door.
export { pricingRoutes } from './pricing-routes';
