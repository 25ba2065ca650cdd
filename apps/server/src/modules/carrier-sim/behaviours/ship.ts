/** Create shipment and cancel shipment (`/ship/v1/shipments`, `/ship/v1/shipments/cancel`). */
import { asArray as arr, asObject as obj, asText as str } from '@lab/core/json';
import { carrierError, MESSAGES } from '../errors.js';
import { labelSpecOf } from '../labelData.js';
import { shipmentRating } from '../rateReplies.js';
import type { NewScanEvent, ShipmentRow } from '../repo.js';
import type { SimParty } from '../state.js';
import { serviceName } from '../tariff/services.js';
import { envelope, today, type SimContext, type SimReply, type SimRequest } from './context.js';
import { checkShipmentRules, makeShipment, placeOf, storeShipment } from './shipment.js';
import { newJob } from './jobs.js';
import { mergedDocument, shipmentDocuments } from './shipmentDocuments.js';

export async function createShipment(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const rs = obj(req.body.requestedShipment);
  await checkShipmentRules(ctx, req.body, rs, req);
  const lines = arr(rs.requestedPackageLineItems).map(obj);
  const options = labelSpecOf(req.body, obj(rs.labelSpecification));
  // Rated (and the lane checked) before anything is created.
  const rating = await shipmentRating(ctx.places, rs, today(req));
  const { shipment, pieces } = await makeShipment(ctx, req, rs, lines, options);
  const documents = await shipmentDocuments(req, rs, shipment, options.urlOnly);
  const merged = await mergedDocument(req, shipment, options);
  if (merged) documents.push(merged);
  await storeShipment(ctx, req, shipment, rating.promise, req.body);
  const output = {
    transactionShipments: [
      {
        masterTrackingNumber: shipment.master,
        serviceType: shipment.serviceType,
        serviceName: serviceName(shipment.serviceType),
        shipDatestamp: shipment.shipDate,
        serviceCategory: rating.serviceCategory,
        ...(documents.length > 0 ? { shipmentDocuments: documents } : {}),
        pieceResponses: pieces.map((p, i) => ({ ...p, ...rating.piece(i) })),
        completedShipmentDetail: rating.completedShipmentDetail,
      },
    ],
  };
  // An async request gets the job's id; its result is answered by /ship/v1/shipments/results.
  if (req.body.processingOptionType === 'ALLOW_ASYNCHRONOUS') {
    return { status: 200, body: envelope(ctx, req, { jobId: await newJob(ctx, req, 'ship', output) }) };
  }
  return { status: 200, body: envelope(ctx, req, output) };
}

/** The cancellation scan, due at once (the plan's later scans are dropped with it: repo.cancel). */
function cancelScan(s: ShipmentRow, now: number): NewScanEvent {
  return {
    due_at: now,
    event_type: 'CA',
    description: 'Shipment cancelled by sender',
    derived_code: 'CA',
    derived_status: 'Cancelled',
    location: JSON.stringify(placeOf(JSON.parse(s.shipper) as SimParty)),
    location_type: 'CUSTOMER',
    exception_code: null,
    exception_description: null,
  };
}

export async function cancelShipment(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const tracking = str(req.body.trackingNumber);
  const shipment = await ctx.store.shipmentOf(tracking);
  if (!shipment || shipment.environment !== req.environment) {
    throw carrierError(400, 'TRACKINGNUMBER.ENTERED.INVALID', MESSAGES.trackingNumberInvalid);
  }
  const now = req.now;
  const cancelled =
    shipment.cancelled_at === null && (await ctx.store.cancel(shipment.id, now, cancelScan(shipment, now)));
  if (!cancelled) throw carrierError(400, 'SHIPMENT.ALREADY.CANCELLED', MESSAGES.alreadyCancelled);
  return {
    status: 200,
    body: envelope(ctx, req, {
      cancelledShipment: true,
      cancelledHistory: true,
      message: 'Shipment is successfully cancelled',
    }),
  };
}
