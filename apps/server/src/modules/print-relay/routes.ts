import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  printHistoryReply,
  printJob,
  printJobCreate,
  printJobParams,
  printListenIdReply,
  printListenParams,
  printLogCreate,
  printLogRow,
  printRelayConfigReply,
} from '@lab/core/contract';
import { PRINT_HISTORY_SIZE } from '@lab/core/print';
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

  app.get(
    '/print-relay/config',
    {
      schema: {
        summary: 'The Browser Print settings of this site',
        tags: ['print-relay'],
        response: { 200: printRelayConfigReply },
      },
    },
    async () => ({
      presetListenId: cfg.printRelayListenIds[0] ?? null,
      remoteZplSample: cfg.printRelayRemoteZplSample,
      agentOrigins: cfg.printAgentOrigins,
      maxJobBytes: cfg.printRelayMaxJobBytes,
      jobTtlSeconds: cfg.printRelayJobTtlSeconds,
      historySize: PRINT_HISTORY_SIZE,
    }),
  );

  app.post(
    '/print-relay/listen-ids',
    {
      config: { rateLimit },
      schema: {
        summary: 'Issue a new unguessable listen id (130 random bits) for a receiver',
        tags: ['print-relay'],
        response: { 200: printListenIdReply },
      },
    },
    async () => ({ listenId: await relay.issueListenId() }),
  );

  app.post(
    '/print-relay/:listenId/jobs',
    {
      // JSON escaping can double the size of the ZPL; the exact limit is checked on the text.
      bodyLimit: cfg.printRelayMaxJobBytes * 2 + 4096,
      config: { rateLimit },
      schema: {
        summary: 'Send a print job to the receiver listening on this id',
        tags: ['print-relay'],
        params: printListenParams,
        body: printJobCreate,
        response: { 200: printJob },
      },
    },
    async (request) => relay.send(request.params.listenId, request.body.nodeId, request.body.printData),
  );

  app.get(
    '/print-relay/:listenId/jobs/:taskId',
    {
      schema: {
        summary: 'One print job, until it expires',
        tags: ['print-relay'],
        params: printJobParams,
        response: { 200: printJob },
      },
    },
    async (request) => relay.job(request.params.listenId, request.params.taskId),
  );

  app.post(
    '/print-relay/:listenId/logs',
    {
      config: { rateLimit },
      schema: {
        summary: 'Log what a receiver did with a job (printed or why not)',
        tags: ['print-relay'],
        params: printListenParams,
        body: printLogCreate,
        response: { 200: printLogRow },
      },
    },
    async (request) => relay.logResult(request.params.listenId, request.body),
  );

  app.get(
    '/print-relay/:listenId/history',
    {
      schema: {
        summary: `The ${PRINT_HISTORY_SIZE} newest log rows of a listen id, newest first`,
        tags: ['print-relay'],
        params: printListenParams,
        response: { 200: printHistoryReply },
      },
    },
    async (request) => {
      await relay.requireListenId(request.params.listenId);
      return { items: await relay.history(request.params.listenId, PRINT_HISTORY_SIZE) };
    },
  );
};
