import { printListenParams, printReceiveQuery, type PrintRelayEvent } from '@lab/core/contract';
import { PRINT_HISTORY_SIZE, printRelayTopic } from '@lab/core/print';
import type { FastifyBaseLogger } from 'fastify';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';
import { openEventStream, SseStreams, type EventStream } from '../../realtime/sse.js';
import { PrintRelayRepo } from './repo.js';
import { jobEvent, PrintRelay, RECEIVER_LEASE_MS } from './service.js';
import { StreamJobs } from './streamJobs.js';

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
  const repo = new PrintRelayRepo(app.db);
  const relay = new PrintRelay(repo, app.bus, cfg, app.log);
  // JSON escaping can double the size of the ZPL; the exact limit is checked on the text.
  const maxJobBodyBytes = cfg.printRelayMaxJobBytes * 2 + 4096;
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
      bodyLimit: maxJobBodyBytes,
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

  // Receivers' streams held by this instance: their ids renewed together, the streams ended on
  // shutdown (before the server stops listening: an await here would let clients reconnect
  // meanwhile); the receivers are uncounted afterwards, before the database closes.
  const receivers = new Set<number>();
  const streams = new SseStreams();
  const heartbeatMs = Math.min(cfg.sseHeartbeatMs, RECEIVER_LEASE_MS / 3);
  const renew = setInterval(() => {
    relay
      .renewReceivers([...receivers])
      .catch((err: unknown) => app.log.warn({ err }, 'print relay receivers not renewed'));
  }, heartbeatMs);
  renew.unref();
  const leaving = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    leaving.add(work);
    void work.finally(() => leaving.delete(work));
  };
  app.addHook('preClose', async () => {
    clearInterval(renew);
    streams.endAll();
  });
  app.addHook('onClose', async () => {
    await Promise.all(leaving);
  });

  /**
   * Counts the receiver of an open stream (on every instance) and gives it the pending unexpired
   * jobs no receiver has had — paced by what it reads —, then `ready`. One that leaves meanwhile
   * gives them back; one that leaves later is uncounted.
   */
  const register = async (
    stream: EventStream,
    jobs: StreamJobs,
    listenId: string,
    nodeId: string,
    log: FastifyBaseLogger,
  ) => {
    const topic = printRelayTopic(listenId);
    let counted: number | undefined;
    stream.onEnd(() => {
      if (counted === undefined) return;
      receivers.delete(counted);
      track(
        relay
          .receiverDisconnected(listenId, counted)
          .catch((err: unknown) => log.warn({ err }, 'print relay receiver not removed')),
      );
    });
    try {
      const connected = await relay.receiverConnected(listenId, nodeId);
      if (!stream.ended) {
        counted = connected.id;
        receivers.add(counted);
        for (const job of connected.pending) {
          if (!jobs.first(job.taskId)) continue;
          await stream.drained();
          stream.send(topic, jobEvent(job, Infinity));
        }
        // Marked before `ready`: a receiver that reconnects after reading it is not given them again.
        if (connected.pending.length > 0 && !stream.ended) {
          await stream.drained();
          if (!stream.ended) await relay.written(connected.pending.map((j) => j.taskId));
        }
      }
      if (stream.ended) {
        // The browser left while it was being registered or given them: they wait for the next receiver.
        await relay.releasePending(connected.pending, nodeId);
        if (counted === undefined) await relay.receiverDisconnected(listenId, connected.id);
        return;
      }
      stream.send(topic, {
        type: 'ready',
        receivers: await relay.receivers(listenId),
        pending: connected.pending.length,
      });
    } catch (err) {
      log.error({ err }, 'print relay receiver not registered');
      stream.end();
    }
  };

  /** A receiver's event stream (`{"topic","data"}` like /realtime): the topic's jobs, pending ones first. */
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
      const stream = openEventStream(reply, {
        greeting: `receiving ${listenId}`,
        heartbeatMs,
        // A pending job travels whole in one event: the stream may hold one such event beyond the limit.
        bufferLimitBytes: cfg.sseBufferLimitBytes + maxJobBodyBytes,
        streams,
        log: request.log,
        slowClientMessage: 'print relay receiver too slow; disconnected',
      });
      // Subscribed before it is counted: a job sent once it counts is announced on the topic to it.
      const jobs = new StreamJobs(stream, relay, request.log);
      stream.onEnd(
        app.bus.subscribe(topic, (data) => {
          const event = data as PrintRelayEvent;
          if (event.type !== 'job' || !jobs.first(event.taskId)) return;
          stream.send(topic, event);
          track(jobs.written(event.taskId));
        }),
      );
      // Tracked, so the database stays open until a registration under way at shutdown is done.
      const registering = register(stream, jobs, listenId, request.query.nodeId, request.log);
      track(registering);
      await registering;
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
