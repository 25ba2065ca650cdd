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
export const printRelayRoutes: FastifyPluginAsyncZod = async (app) => {
  const cfg = app.config;
  const relay = new PrintRelay(new PrintRelayRepo(app.db), app.bus, cfg, app.log);
  const rateLimit = { max: cfg.printRelayRateLimitPerMinute, timeWindow: 60_000 };

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
      config: { rateLimit },
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
      config: { rateLimit },
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
      config: { rateLimit },
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
