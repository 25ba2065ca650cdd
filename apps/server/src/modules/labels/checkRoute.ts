import { z } from 'zod';
import { shipmentExpectation, type ShipmentExpectation } from '@lab/core/labels/check';
import { badRequest } from '../../http/errors.js';
import { registerRoute, type ZodApp } from '../../http/routes.js';
import { checkLabels } from './check.js';
import { readLabelBody } from './labelBody.js';
import type { ClientConcurrency } from './limits.js';
import { renderFailureReply } from './renderFailure.js';
import { renderForRequest } from './renderRequest.js';
import type { LabelService } from './service.js';

const message = z.object({ message: z.string() });

/**
 * The multipart field `reply` (a create-shipment reply, JSON) and `trackingNumber`: the piece's
 * tracking number, or one per label separated by commas (a multi-piece shipment's labels in order).
 * `trackingNumber` alone checks the tracking numbers without a reply.
 */
function readShipments(fields: Record<string, string>): ShipmentExpectation[] | undefined {
  if (fields.reply === undefined) {
    // No reply (a Stratus order names its packages' tracking numbers only): check those alone.
    const numbers = (fields.trackingNumber ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    return numbers.length > 0 ? numbers.map((trackingNumber) => ({ trackingNumber })) : undefined;
  }
  let reply: unknown;
  try {
    reply = JSON.parse(fields.reply);
  } catch {
    throw badRequest('the field "reply" is not JSON: send the create-shipment reply as it came');
  }
  const pieces = (fields.trackingNumber ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const expectations = (pieces.length ? pieces : [undefined]).map((t) => shipmentExpectation(reply, t));
  if (expectations.some((e) => !e)) {
    throw badRequest(
      'the field "reply" names no tracking number (output.transactionShipments[0].masterTrackingNumber)',
    );
  }
  return expectations as ShipmentExpectation[];
}

/**
 * `POST …/labels/v1/printers/{dpmm}/labels/{size}/check`: the render route's body (ZPL raw or as
 * the multipart field `file`; a PNG label is decoded only), plus the multipart fields `reply` and
 * `trackingNumber` to check the label against its shipment. Limits as the render routes.
 */
export function registerCheckRoute(app: ZodApp, service: LabelService, perClient: ClientConcurrency): void {
  const config = app.config;
  registerRoute(
    app,
    'labels.check',
    {
      bodyLimit: config.labelBodyLimitBytes,
      config: { rateLimit: { max: config.labelRateLimitPerMinute, timeWindow: 60_000 } },
      schema: {
        summary: 'Decode every bar code of a rendered label and check it against its ZPL, the printer and the shipment',
        description:
          'Body: as the render route (ZPL raw or the multipart field "file"; a PNG image is decoded only). ' +
          'Multipart fields "reply" (the create-shipment reply JSON) and "trackingNumber" (the piece) add the shipment check.',
        tags: ['labels'],
        response: { 400: message, 413: message, 422: renderFailureReply, 429: message, 503: message },
      },
    },
    async (request, reply) => {
      const { zpl: body, fields } = await readLabelBody(request);
      const shipments = readShipments(fields);
      const { dpmm, size } = request.params;
      return renderForRequest(request, reply, perClient, config.labelRequestDeadlineMs, (run) =>
        checkLabels(service, { body, dpmm, size, shipments }, run),
      );
    },
  );
}
