import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { messageReply as message } from '@lab/core/contract';
import type { ZodApp } from '../../http/routes.js';
import { rawBody, type Forward, type ForwardedCall } from './forward.js';
import type { Upstreams } from './upstreams.js';

const orderId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'an order id is 1-100 letters, digits, - or _');

/** Stratus: four fixed operations, forwarded below the Stratus base (a POST's body as received). */
export function stratusRoutes(app: ZodApp, forward: Forward, upstreams: Upstreams): void {
  const config = { rateLimit: { max: app.config.gatewayRateLimitPerMinute, timeWindow: 60_000 } };
  const schema = (summary: string) => ({
    summary,
    tags: ['gateway'],
    response: { 400: message, 415: message, 502: message, 504: message },
  });
  /** The call to `path` on the Stratus upstream: a POST's body as received. */
  const stratus = (request: FastifyRequest, path: string, query?: string): ForwardedCall => ({
    upstream: upstreams.stratus(),
    method: request.method === 'POST' ? 'POST' : 'GET',
    path,
    ...(query ? { query } : {}),
    ...(request.method === 'POST' ? { body: rawBody(request) } : {}),
  });

  app.post(
    '/stratus/auth/oauth/v2/token',
    {
      config,
      schema: {
        ...schema('Stratus OAuth token (Basic auth of client key and secret), forwarded'),
        querystring: z.object({ grant_type: z.literal('client_credentials'), scope: z.literal('oob') }),
      },
    },
    async (request, reply) =>
      forward(request, reply, stratus(request, '/auth/oauth/v2/token', 'grant_type=client_credentials&scope=oob')),
  );
  app.get('/stratus/stratus/v1/greet', { config, schema: schema('Stratus greet, forwarded') }, async (request, reply) =>
    forward(request, reply, stratus(request, '/stratus/v1/greet')),
  );
  app.post(
    '/stratus/stratus/v1/order',
    { config, schema: schema('Stratus order (ProjetId, Transaction), forwarded') },
    async (request, reply) => forward(request, reply, stratus(request, '/stratus/v1/order')),
  );
  app.get(
    '/stratus/stratus/v1/order/:id',
    { config, schema: { ...schema('Stratus order state, forwarded'), params: z.object({ id: orderId }) } },
    async (request, reply) => forward(request, reply, stratus(request, `/stratus/v1/order/${request.params.id}`)),
  );
}
