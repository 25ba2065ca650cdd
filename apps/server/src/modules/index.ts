import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { labelRoutes } from './labels/routes.js';
import { systemRoutes } from './system/routes.js';
import { transactionRoutes } from './transactions/routes.js';
import { utilsCalcRoutes } from './utils-calc/routes.js';
import { utilsLookupsRoutes } from './utils-lookups/routes.js';
import { webhookReceiverRoutes } from './webhooks/receiver.js';
import { webhookApiRoutes } from './webhooks/routes.js';

/**
 * Every module's routes. `api` plugins mount under /lab/api, `hooks` plugins (public receivers)
 * under /lab/hooks. A new module adds one line here.
 */
export const apiModules: FastifyPluginAsyncZod[] = [
  systemRoutes,
  labelRoutes,
  webhookApiRoutes,
  utilsLookupsRoutes,
  utilsCalcRoutes,
  transactionRoutes,
];
export const hookModules: FastifyPluginAsyncZod[] = [webhookReceiverRoutes];
