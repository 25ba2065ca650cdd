import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRINT_HISTORY_SIZE } from '@lab/core/print';
import { registerRoute } from '../../http/routes.js';
import { PrintRelayRepo } from './repo.js';
import { PrintRelay } from './service.js';

/**
 * /lab/api/print-relay/… — remote printing: a sender stores a job for a listen id; the receiver
 * listening on the realtime topic `print-relay/{listenId}` prints it through its local agent and
 * logs the result; both read the history.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** A relay route counted against PRINT_RELAY_RATE_PER_MINUTE per address (in the database). */
    relayRateLimit?: boolean;
  }
}

export const printRelayRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = app.config;
  const relay = new PrintRelay(new PrintRelayRepo(app.db), app.bus, cfg, app.log);

  const repo = new PrintRelayRepo(app.db);
  // Counted in the database (print_relay_hits), so instances sharing PostgreSQL share one budget
  // per address, instead of @fastify/rate-limit's memory per instance.
  const rateLimit = true;
  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.relayRateLimit) return;
    const minute = Math.floor(Date.now() / 60_000);
    const windowEnd = new Date((minute + 1) * 60_000).toISOString();
    const hits = await repo.hit(`${request.routeOptions.url}|${request.ip}|${minute}`, windowEnd);
    if (hits > cfg.printRelayRateLimitPerMinute) {
      const seconds = Math.max(1, Math.ceil(((minute + 1) * 60_000 - Date.now()) / 1000));
      return reply
        .code(429)
        .header('retry-after', String(seconds))
        .send({ message: `Rate limit exceeded, retry in ${seconds} seconds` });
    }
  });

  registerRoute(
    app,
    'printRelay.config',
    {
      schema: {
        summary: 'The Browser Print settings of this site',
        tags: ['print-relay'],
      },
    },
    async () => ({
      // An id meant for the administrator's own receivers is given out by the administrator, not here.
      presetListenId: cfg.printRelayPresetPublic ? (cfg.printRelayListenIds[0] ?? null) : null,
      remoteZplSample: cfg.printRelayRemoteZplSample,
      agentOrigins: cfg.printAgentOrigins,
      maxJobBytes: cfg.printRelayMaxJobBytes,
      jobTtlSeconds: cfg.printRelayJobTtlSeconds,
      historySize: PRINT_HISTORY_SIZE,
    }),
  );

  registerRoute(
    app,
    'printRelay.issueListenId',
    {
      config: { relayRateLimit: rateLimit },
      schema: {
        summary: 'Issue a new unguessable listen id (130 random bits) for a receiver',
        tags: ['print-relay'],
      },
    },
    async () => ({ listenId: await relay.issueListenId() }),
  );

  registerRoute(
    app,
    'printRelay.sendJob',
    {
      // JSON escaping can double the size of the ZPL; the exact limit is checked on the text.
      bodyLimit: cfg.printRelayMaxJobBytes * 2 + 4096,
      config: { relayRateLimit: rateLimit },
      schema: {
        summary: 'Send a print job to the receiver listening on this id',
        tags: ['print-relay'],
      },
    },
    async (request) => relay.send(request.params.listenId, request.body.nodeId, request.body.printData),
  );

  registerRoute(
    app,
    'printRelay.job',
    {
      schema: {
        summary: 'One print job, until it expires',
        tags: ['print-relay'],
      },
    },
    async (request) => relay.job(request.params.listenId, request.params.taskId),
  );

  registerRoute(
    app,
    'printRelay.logResult',
    {
      config: { relayRateLimit: rateLimit },
      schema: {
        summary: 'Log what a receiver did with a job (printed or why not)',
        tags: ['print-relay'],
      },
    },
    async (request) => relay.logResult(request.params.listenId, request.body),
  );

  registerRoute(
    app,
    'printRelay.history',
    {
      schema: {
        summary: `The ${PRINT_HISTORY_SIZE} newest log rows of a listen id, newest first`,
        tags: ['print-relay'],
      },
    },
    async (request) => {
      await relay.requireListenId(request.params.listenId);
      return { items: await relay.history(request.params.listenId, PRINT_HISTORY_SIZE) };
    },
  );
};
