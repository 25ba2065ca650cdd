/**
 * Ground End of Day Close (`PUT /ship/v1/endofday/`): closes the environment's Ground shipments
 * (Ground, Home Delivery, Ground Economy) of the close date that are not cancelled nor closed
 * yet, and answers the day's manifest as the document's SHPCResponseVO: one close document
 * (MANIFEST, or OP_950 when the request asks for it) whose part is the manifest's text, base64.
 * Nothing left to close: no document, a NOTE alert. The playground keeps the endpoint disabled
 * (the spec's catalogue); the twin answers it for client programs.
 */
import { asArray as arr, asObject as obj, asText as str } from '@lab/core/json';
import { carrierError } from '../errors.js';
import { RULE_MESSAGES } from '../rules.js';
import { SERVICES } from '../tariff/services.js';
import { envelope, today, type SimContext, type SimReply, type SimRequest } from './context.js';

/** The service types a Ground close takes. */
export const GROUND_SERVICE_TYPES = SERVICES.filter((s) => s.category === 'GROUND').map((s) => s.serviceType);

/** The alert of a close that found nothing to close. */
export const NOTHING_TO_CLOSE = (date: string) => ({
  code: 'NO.SHIPMENTS.TO.CLOSE',
  alertType: 'NOTE',
  message: `There are no open Ground shipments with ship date ${date} to close.`,
});

function manifest(date: string, account: string, shipments: { master: string; serviceType: string }[]): string {
  const lines = [
    'FEDEX GROUND END OF DAY MANIFEST',
    `ACCOUNT ${account || '-'}   SHIP DATE ${date}`,
    ...shipments.map((s, i) => `${String(i + 1).padStart(3, ' ')}  ${s.master}  ${s.serviceType}`),
    `TOTAL SHIPMENTS ${shipments.length}`,
  ];
  return `${lines.join('\n')}\n`;
}

export async function endOfDayClose(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const body = req.body;
  const date = str(body.closeDate) || today(req);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    throw carrierError(400, 'AVAILABILITY.SHIP.DATE.INVALID', RULE_MESSAGES.shipDate);
  }
  const closed = await ctx.store.closeGround(req.environment, date, GROUND_SERVICE_TYPES, req.now);
  if (closed.length === 0) return { status: 200, body: envelope(ctx, req, { alerts: [NOTHING_TO_CLOSE(date)] }) };
  const account = str(obj(body.accountNumber).value ?? body.accountNumber);
  const asked = arr(obj(body.closeDocumentSpecification).closeDocumentTypes).map((t) => str(t));
  const type = asked.includes('OP_950') ? 'OP_950' : 'MANIFEST';
  return {
    status: 200,
    body: envelope(ctx, req, {
      closeDocuments: [
        {
          type,
          // The cycle: the close date and the first shipment closed, unique per close.
          shippingCycle: `${date.replace(/-/g, '')}${String(closed[0]!.id).padStart(8, '0')}`,
          shippingDocumentDisposition: 'CONFIRMED',
          resolution: 200,
          copiesToPrint: 1,
          parts: [
            {
              documentPartSequenceNumber: 1,
              image: Buffer.from(manifest(date, account, closed)).toString('base64'),
            },
          ],
        },
      ],
    }),
  };
}
