/** Track by tracking number (`/track/v1/trackingnumbers`): the scans each shipment's plan has reached by now. */
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { MESSAGES } from '../errors.js';
import { trackResultOf } from '../tracking.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';

async function trackResult(ctx: SimContext, req: SimRequest, tracking: string): Promise<Json> {
  const s = await ctx.store.shipmentOf(tracking);
  if (!s || s.environment !== req.environment) {
    return {
      trackingNumberInfo: { trackingNumber: tracking },
      error: { code: 'TRACKING.TRACKINGNUMBER.NOTFOUND', message: MESSAGES.trackingNotFound },
    };
  }
  // The label-created scan is due at creation: it is always shown.
  const rows = await ctx.store.dueScanEvents(s.id, Math.max(req.now, Number(s.created_at)));
  return trackResultOf(s, tracking, rows);
}

function trackingNumbersOf(body: Json): string[] {
  const numbers: string[] = [];
  for (const info of arr(body.trackingInfo)) numbers.push(str(obj(obj(info).trackingNumberInfo).trackingNumber));
  const master = obj(obj(body.masterTrackingNumberInfo).trackingNumberInfo).trackingNumber;
  if (master !== undefined) numbers.push(str(master));
  for (const spec of arr(body.trackDocumentSpecification))
    numbers.push(str(obj(obj(spec).trackingNumberInfo).trackingNumber));
  const single = obj(body.trackingNumberInfo).trackingNumber;
  if (single !== undefined) numbers.push(str(single));
  return numbers.filter(Boolean);
}

export async function trackNumbers(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const numbers = trackingNumbersOf(req.body);
  const results = [];
  for (const t of numbers) results.push({ trackingNumber: t, trackResults: [await trackResult(ctx, req, t)] });
  return { status: 200, body: envelope(ctx, req, { completeTrackResults: results }) };
}
