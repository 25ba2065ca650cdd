import type { ServerResponse } from 'node:http';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TOPIC_PATTERN, type Bus } from './bus.js';

export const MAX_TOPICS = 20;

const querySchema = z.object({
  topics: z
    .string()
    .min(1, 'name at least one topic, e.g. ?topics=webhooks/webhooktest')
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ])
    .refine((ts) => ts.length > 0 && ts.length <= MAX_TOPICS, `name 1 to ${MAX_TOPICS} topics`)
    .refine((ts) => ts.every((t) => TOPIC_PATTERN.test(t)), 'a topic is lower-case letters, digits, / _ -'),
});

/** Open SSE streams, so shutdown can end them instead of waiting for browsers to hang up. */
export class SseStreams {
  private readonly open = new Set<ServerResponse>();
  add(res: ServerResponse) {
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
  }
  get size() {
    return this.open.size;
  }
  endAll() {
    for (const res of this.open) res.end();
    this.open.clear();
  }
}

/**
 * GET /realtime?topics=a,b — Server-Sent Events. Each event's data is `{"topic","data"}` on the
 * default event type, so one EventSource `onmessage` serves every topic. A comment heartbeat keeps
 * proxies from closing idle streams; `retry:` tells the browser how soon to reconnect.
 */
export function realtimeRoutes(
  bus: Bus,
  streams: SseStreams,
  heartbeatMs: number,
  bufferLimitBytes = 256 * 1024,
): FastifyPluginAsyncZod {
  return async (app) => {
    // HEAD answers at once with the stream's headers; it never opens a subscription.
    app.head('/realtime', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache, no-transform').type('text/event-stream; charset=utf-8').send(),
    );
    app.get(
      '/realtime',
      {
        exposeHeadRoute: false,
        schema: {
          summary: 'Stream realtime events (Server-Sent Events)',
          tags: ['realtime'],
          querystring: querySchema,
        },
      },
      (request, reply) => {
        const topics = request.query.topics;
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        // A client that does not read (its unread bytes pass the limit) is disconnected rather than
        // buffered without bound; EventSource reconnects and the page reloads its list.
        const send = (text: string) => {
          if (res.destroyed) return;
          if (res.writableLength > bufferLimitBytes) {
            request.log.warn({ unread: res.writableLength }, 'realtime client too slow; disconnected');
            res.destroy();
            return;
          }
          res.write(text);
        };
        send(`retry: 3000\n: subscribed ${topics.join(',')}\n\n`);
        streams.add(res);
        let seq = 0;
        const unsubscribers = topics.map((topic) =>
          bus.subscribe(topic, (data) => {
            seq += 1;
            send(`id: ${seq}\ndata: ${JSON.stringify({ topic, data })}\n\n`);
          }),
        );
        const heartbeat = setInterval(() => send(': ping\n\n'), heartbeatMs);
        heartbeat.unref();
        res.on('close', () => {
          clearInterval(heartbeat);
          for (const off of unsubscribers) off();
        });
      },
    );
  };
}
