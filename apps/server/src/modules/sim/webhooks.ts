import { randomUUID } from 'node:crypto';
import { SIGNATURE_HEADER, webhookSignature } from '@lab/core/webhooks';
import { timeoutsOf, type HttpClient } from '../../http/outbound.js';
import type { ServiceContext } from '../../module.js';

/** The scan events a simulated shipment goes through, in order. */
export const SIM_SCAN_EVENTS = [
  { code: 'OC', description: 'Shipment information sent to FedEx', city: 'MEMPHIS', state: 'TN', postal: '38118' },
  { code: 'PU', description: 'Picked up', city: 'MEMPHIS', state: 'TN', postal: '38118' },
  { code: 'IT', description: 'In transit', city: 'INDIANAPOLIS', state: 'IN', postal: '46241' },
  { code: 'OD', description: 'On FedEx vehicle for delivery', city: 'NEW YORK', state: 'NY', postal: '10001' },
  { code: 'DL', description: 'Delivered', city: 'NEW YORK', state: 'NY', postal: '10001' },
] as const;

const HOUR = 3_600_000;

/**
 * One shipment-visibility webhook delivery for `tracking` after the first `step + 1` scan
 * events: the envelope the receiver reads (outputMetaData[0].transactionId, .timestamp) and an
 * `output` shaped like the tracking API's completeTrackResults.
 */
export function shipmentWebhookPayload(tracking: string, step: number, start: Date, transactionId = randomUUID()) {
  const events = SIM_SCAN_EVENTS.slice(0, step + 1).map((e, i) => ({
    date: new Date(start.getTime() + i * 6 * HOUR).toISOString(),
    eventType: e.code,
    eventDescription: e.description,
    derivedStatusCode: e.code,
    derivedStatus: e.description,
    scanLocation: { city: e.city, stateOrProvinceCode: e.state, postalCode: e.postal, countryCode: 'US' },
  }));
  const latest = events[events.length - 1]!;
  return {
    outputMetaData: [{ transactionId, timestamp: latest.date, eventType: latest.eventType }],
    output: {
      completeTrackResults: [
        {
          trackingNumber: tracking,
          trackResults: [
            {
              trackingNumberInfo: { trackingNumber: tracking, carrierCode: 'FDXE' },
              latestStatusDetail: {
                code: latest.eventType,
                derivedCode: latest.eventType,
                statusByLocale: latest.eventDescription,
                description: latest.eventDescription,
                scanLocation: latest.scanLocation,
              },
              scanEvents: [...events].reverse(),
            },
          ],
        },
      ],
    },
  };
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

/**
 * Posts the whole scan history of `tracking` as separate deliveries (one per event, in order),
 * each signed with `token` the way the carrier signs them: HMAC-SHA256 hex of the raw body in
 * x-fedex-signature, through `client`.
 */
export async function postShipmentWebhooks(
  client: HttpClient,
  options: { to: string; token: string; tracking: string; events?: number; start?: Date; timeoutMs?: number },
): Promise<WebhookDelivery[]> {
  const url = new URL(options.to);
  const count = Math.min(Math.max(options.events ?? SIM_SCAN_EVENTS.length, 1), SIM_SCAN_EVENTS.length);
  const start = options.start ?? new Date(Date.now() - (count - 1) * 6 * HOUR);
  const deliveries: WebhookDelivery[] = [];
  for (let step = 0; step < count; step++) {
    const body = JSON.stringify(shipmentWebhookPayload(options.tracking, step, start));
    const res = await client.send({
      upstream: { name: 'webhook destination', base: url.origin },
      method: 'POST',
      path: `${url.pathname}`,
      query: url.search.slice(1) || undefined,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: await webhookSignature(body, options.token),
      },
      body,
      timeouts: timeoutsOf(options.timeoutMs ?? 10_000),
      maxResponseBytes: 1024 * 1024,
    });
    deliveries.push({ status: res.status, body: res.body.toString('utf8') });
  }
  return deliveries;
}

/**
 * The `webhookSender` service (LabServices['webhookSender']): the simulators' shipment-visibility
 * webhooks, posted through the app's outbound client.
 */
export interface WebhookSender {
  /**
   * A simulator shipped these packages: when SIM_WEBHOOK_URL and SIM_WEBHOOK_TOKEN are set (read
   * now: tests change them on a running app), posts each one's scan history there, in the
   * background; a failed delivery is logged, never the simulator's reply.
   */
  shipped(trackingNumbers: readonly string[]): void;
}

export function createWebhookSender({ config, log, services }: ServiceContext): WebhookSender {
  return {
    shipped(trackingNumbers) {
      const { simWebhookUrl: to, simWebhookToken: token } = config;
      if (!to || !token) return;
      for (const tracking of trackingNumbers) {
        postShipmentWebhooks(services.outbound, { to, token, tracking }).catch((err: unknown) =>
          log.warn({ err, tracking }, 'simulated webhook not delivered'),
        );
      }
    },
  };
}
