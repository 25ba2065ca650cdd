import { printListenParams, printReceiveQuery, type PrintRelayEvent } from '@lab/core/contract';
import { PRINT_HISTORY_SIZE, printRelayTopic } from '@lab/core/print';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';
import { PrintRelayRepo } from './repo.js';
import { jobEvent, PrintRelay, RECEIVER_LEASE_MS } from './service.js';

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

export const printRelayRoutes: ModulePlugin = async (app) => {
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
    'printRelay.jobs',
    {
      schema: {
        summary:
          'The receivers connected now and the newest jobs of a listen id: pending, delivered, printed or failed',
        tags: ['print-relay'],
      },
    },
    async (request) => {
      await relay.requireListenId(request.params.listenId);
      return relay.jobs(request.params.listenId);
    },
  );

  // Receivers' streams held by this instance: renewed together, ended (and uncounted) on shutdown.
  const receivers = new Map<number, { listenId: string; end: () => Promise<void> }>();
  const heartbeatMs = Math.min(cfg.sseHeartbeatMs, RECEIVER_LEASE_MS / 3);
  const renew = setInterval(() => {
    relay
      .renewReceivers([...receivers.keys()])
      .catch((err: unknown) => app.log.warn({ err }, 'print relay receivers not renewed'));
  }, heartbeatMs);
  renew.unref();
  // Streams are cut before the server stops listening (an await here would let clients reconnect
  // meanwhile); their receivers are uncounted afterwards, before the database closes.
  const leaving = new Set<Promise<void>>();
  app.addHook('preClose', async () => {
    clearInterval(renew);
    for (const r of receivers.values()) void r.end();
  });
  app.addHook('onClose', async () => {
    await Promise.all(leaving);
  });

  /**
   * A receiver's event stream (Server-Sent Events, `{"topic","data"}` like /realtime): while it is
   * open the receiver is counted (on every instance), it gets the jobs announced on the topic, and
   * on connecting it is first given the pending unexpired jobs no receiver has had — then `ready`.
   */
  app.get(
    '/print-relay/:listenId/receive',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'A receiver’s stream of print jobs (Server-Sent Events); pending jobs first',
        tags: ['print-relay'],
        params: printListenParams,
        querystring: printReceiveQuery,
      },
    },
    async (request, reply) => {
      const { listenId } = request.params;
      await relay.requireListenId(listenId);
      const topic = printRelayTopic(listenId);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let seq = 0;
      const send = (data: PrintRelayEvent) => {
        if (res.destroyed || res.writableEnded) return;
        seq += 1;
        res.write(`id: ${seq}\ndata: ${JSON.stringify({ topic, data })}\n\n`);
      };
      res.write(`retry: 3000\n: receiving ${listenId}\n\n`);
      // Subscribed before it is counted: a job sent once it counts is announced on the topic to it.
      const off = app.bus.subscribe(topic, (data) => {
        const event = data as PrintRelayEvent;
        if (event.type === 'job') send(event);
      });
      const ping = setInterval(() => !res.destroyed && res.write(': ping\n\n'), heartbeatMs);
      ping.unref();
      let id: number | undefined;
      let ended: Promise<void> | undefined;
      const end = () => {
        if (ended) return ended;
        ended = (async () => {
          clearInterval(ping);
          off();
          // Destroyed, not ended: an ended stream's socket lingers as a keep-alive connection and
          // holds the server's close for seconds. EventSource reconnects either way.
          res.destroy();
          if (id !== undefined) {
            receivers.delete(id);
            await relay
              .receiverDisconnected(listenId, id)
              .catch((err: unknown) => request.log.warn({ err }, 'print relay receiver not removed'));
          }
        })();
        const done = ended;
        leaving.add(done);
        void done.finally(() => leaving.delete(done));
        return done;
      };
      res.on('close', () => void end());
      try {
        const connected = await relay.receiverConnected(listenId, request.query.nodeId);
        id = connected.id;
        if (!ended) {
          receivers.set(id, { listenId, end });
          for (const job of connected.pending) send(jobEvent(job, Infinity));
        }
        if (ended || res.destroyed) {
          // The browser left while it was being registered: what it was given waits for the next receiver.
          await relay.releasePending(connected.pending, request.query.nodeId);
          if (!receivers.has(id)) await relay.receiverDisconnected(listenId, id);
          return;
        }
        send({ type: 'ready', receivers: await relay.receivers(listenId), pending: connected.pending.length });
      } catch (err) {
        request.log.error({ err }, 'print relay receiver not registered');
        void end();
      }
    },
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
