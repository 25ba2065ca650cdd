/**
 * This site's own webhook receiver as the sim module's tests watch it: wait for a channel's webhooks
 * (the topic the receiver publishes each one on), read what it stored (the inspector API), check
 * their signatures.
 */
import type { FastifyInstance } from 'fastify';
import { checkWebhookSignature, webhookTopic } from '@lab/core/webhooks';

type StoredWebhook = Record<string, any>;

/** Resolves once the receiver has stored `count` more webhooks on `channel`. */
export function webhooksArrive(app: FastifyInstance, channel: string, count: number): Promise<void> {
  let seen = 0;
  return new Promise<void>((resolve) => {
    const off = app.bus.subscribe(webhookTopic(channel), () => {
      if (++seen === count) {
        off();
        resolve();
      }
    });
  });
}

/** The webhooks stored on `channel`, newest first, each as the inspector details it. */
export async function storedWebhooks(app: FastifyInstance, channel: string): Promise<StoredWebhook[]> {
  const list = await app.inject({ url: `/lab/api/webhooks/${channel}?size=100` });
  const items = list.json().items as { id: number }[];
  return Promise.all(
    items.map(async (i) => (await app.inject({ url: `/lab/api/webhooks/${channel}/${i.id}` })).json() as StoredWebhook),
  );
}

/** How a stored webhook's signature compares with its bytes signed by `token` (`match`, `mismatch`, …). */
export async function signatureCheck(webhook: StoredWebhook, token: string): Promise<string> {
  const bytes = Buffer.from(webhook.bodyBase64, 'base64');
  return (await checkWebhookSignature(bytes, token, webhook.headers['x-fedex-signature'])).status;
}
