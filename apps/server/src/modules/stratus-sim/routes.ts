import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  stratusApiError as apiError,
  stratusGreetReply,
  stratusOAuthError as oauthError,
  stratusOrderCreated,
  stratusOrderReply as orderReply,
  stratusTokenReply,
} from '@lab/core/contract';
import type { ModulePlugin } from '../../module.js';
import { StratusOrderRepo } from './repo.js';
import { StratusError, StratusSimulator } from './service.js';

/** The Stratus simulator under /lab/sim/stratus (the gateway's default Stratus upstream). */
export const stratusSimRoutes: ModulePlugin<'labelRenderer' | 'webhookSender' | 'simSeed'> = async (app) => {
  const config = app.config;
  const labels = app.services.labelRenderer;

  const simulator = new StratusSimulator({
    random: app.services.simSeed.random(),
    repo: new StratusOrderRepo(app.db),
    pendingPolls: config.stratusSimPendingPolls,
    // An order's labels wait in the render pool's fair queue under `stratus:<client key>`: the
    // API client that placed it (the key its token was issued to), so one client's 99-package
    // orders do not hold up another client's order, nor a label service user.
    renderPdf: async (zpl, owner) =>
      (
        await labels.render(
          {
            zpl: Buffer.from(zpl, 'utf8'),
            dpmm: 8,
            size: { widthIn: 4, heightIn: 6 },
            index: undefined,
            rotation: 0,
            format: 'pdf',
          },
          { client: `stratus:${owner}` },
        )
      ).body,
    onShipped: (trackingNumbers) => app.services.webhookSender.shipped(trackingNumbers),
  });

  const fail = (reply: FastifyReply, err: unknown) => {
    if (err instanceof StratusError) return reply.code(err.statusCode).send(err.body as never);
    throw err;
  };

  // Stratus takes JSON only; an empty token body is fine.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.post(
    '/stratus/auth/oauth/v2/token',
    {
      schema: {
        summary: 'Simulated Stratus token (Basic auth; grant_type=client_credentials&scope=oob)',
        tags: ['simulators'],
        querystring: z.looseObject({ grant_type: z.string().optional(), scope: z.string().optional() }),
        response: {
          200: stratusTokenReply,
          400: oauthError,
          401: oauthError,
        },
      },
      config: { errorReply: (m: string) => ({ error: 'invalid_request', error_description: m }) },
    },
    async (request, reply) => {
      try {
        return await simulator.issueToken(request.headers.authorization, request.query.grant_type, request.query.scope);
      } catch (err) {
        return fail(reply, err);
      }
    },
  );

  app.get(
    '/stratus/stratus/v1/greet',
    {
      schema: {
        summary: 'Simulated Stratus greet (bearer + x-api-key)',
        tags: ['simulators'],
        response: { 200: stratusGreetReply, 401: apiError },
      },
      config: { errorReply: (m: string) => ({ Message: m }) },
    },
    async (request, reply) => {
      try {
        await simulator.authorize(request.headers.authorization, header(request.headers['x-api-key']));
        return simulator.greet();
      } catch (err) {
        return fail(reply, err);
      }
    },
  );

  app.post(
    '/stratus/stratus/v1/order',
    {
      schema: {
        summary: 'Simulated Stratus order (ProjetId, Transaction) → Id',
        tags: ['simulators'],
        response: { 200: stratusOrderCreated, 400: apiError, 401: apiError },
      },
      config: { errorReply: (m: string) => ({ Message: m }) },
    },
    async (request, reply) => {
      try {
        const owner = await simulator.authorize(
          request.headers.authorization,
          header(request.headers['x-api-key']),
          false,
        );
        return simulator.createOrder(request.body, owner);
      } catch (err) {
        return fail(reply, err);
      }
    },
  );

  app.get(
    '/stratus/stratus/v1/order/:id',
    {
      schema: {
        summary: 'Simulated Stratus order state: PENDING for the first polls, then COMPLETED or FAILED',
        tags: ['simulators'],
        params: z.object({ id: z.string() }),
        response: { 200: orderReply, 401: apiError, 404: apiError },
      },
      config: { errorReply: (m: string) => ({ Message: m }) },
    },
    async (request, reply) => {
      try {
        await simulator.authorize(request.headers.authorization, header(request.headers['x-api-key']), false);
        const order = await simulator.pollOrder(request.params.id);
        if (!order) throw new StratusError(404, `Order ${request.params.id} was not found`);
        return order;
      } catch (err) {
        return fail(reply, err);
      }
    },
  );
};

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
