import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TOPIC_PATTERN, type Bus } from './bus.js';
import { EVENT_STREAM_HEADERS, openEventStream, type SseStreams } from './sse.js';

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

/**
 * GET /realtime?topics=a,b — Server-Sent Events (`sse.ts`): the bus's events of those topics, each
 * `{"topic","data"}`. Unsubscribes when the stream ends.
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
      reply
        .header('cache-control', EVENT_STREAM_HEADERS['cache-control'])
        .type(EVENT_STREAM_HEADERS['content-type'])
        .send(),
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
        const stream = openEventStream(reply, {
          greeting: `subscribed ${topics.join(',')}`,
          heartbeatMs,
          bufferLimitBytes,
          streams,
          log: request.log,
          slowClientMessage: 'realtime client too slow; disconnected',
        });
        for (const topic of topics) stream.onEnd(bus.subscribe(topic, (data) => stream.send(topic, data)));
      },
    );
  };
}
