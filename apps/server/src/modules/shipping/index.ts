import { defineModule } from '../../module.js';
import { shippingRoutes } from './routes.js';

/** Shipping calculators of Useful Tools: dimensional weight, tracking-number neighbours, account check. */
export const shippingModule = defineModule({ name: 'shipping', api: shippingRoutes });
