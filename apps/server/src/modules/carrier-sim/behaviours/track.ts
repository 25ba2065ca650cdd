/**
 * The track family from stored shipments: by tracking number (`/track/v1/trackingnumbers`), by
 * TCN, by reference and the pieces of a multiple-piece shipment — each piece's scans its plan has
 * reached by now (tracking.ts writes the result).
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { MESSAGES } from '../errors.js';
import type { ShipmentRow } from '../repo.js';
import { placesOf, trackResultOf } from '../tracking.js';
import { asSearchResult } from '../trackSearch.js';
import { zonesOf } from '../zones.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';

/** A track result that found nothing: the number asked and the carrier's error. */
const notFound = (trackingNumber: string, code: string, message: string): Json => ({
  trackingNumber,
  trackResults: [{ trackingNumberInfo: { trackingNumber }, error: { code, message } }],
});

/** The track results of the given pieces of a stored shipment (each `{ trackingNumber, trackResults }`). */
export async function shipmentResults(
  ctx: SimContext,
  req: SimRequest,
  s: ShipmentRow,
  which?: (pieces: string[]) => string[],
): Promise<Json[]> {
  // The label-created scan is due at creation: it is always shown.
  const [rows, pieces] = await Promise.all([
    ctx.store.dueScanEvents(s.id, Math.max(req.now, Number(s.created_at))),
    ctx.store.pieces(s.id),
  ]);
  const zoneOf = await zonesOf(ctx.places, placesOf(s, rows));
  return (which ? which(pieces) : pieces).map((t) => ({
    trackingNumber: t,
    trackResults: [trackResultOf(s, t, rows, { zoneOf, pieces })],
  }));
}

/** The stored shipment of a tracking number, in the request's environment. */
export async function shipmentOfNumber(ctx: SimContext, req: SimRequest, tracking: string) {
  const s = await ctx.store.shipmentOf(tracking);
  return s && s.environment === req.environment ? s : undefined;
}

async function trackOne(ctx: SimContext, req: SimRequest, tracking: string): Promise<Json> {
  const s = await shipmentOfNumber(ctx, req, tracking);
  if (!s) return notFound(tracking, 'TRACKING.TRACKINGNUMBER.NOTFOUND', MESSAGES.trackingNotFound);
  const [result] = await shipmentResults(ctx, req, s, () => [tracking]);
  return result!;
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
  const results = [];
  for (const t of trackingNumbersOf(req.body)) results.push(await trackOne(ctx, req, t));
  return { status: 200, body: envelope(ctx, req, { completeTrackResults: results }) };
}

/** The master piece's results of each shipment found (newest first), else the not-found result of `value`. */
async function resultsOfShipments(
  ctx: SimContext,
  req: SimRequest,
  found: ShipmentRow[],
  value: string,
  error: { code: string; message: string },
): Promise<Json[]> {
  if (found.length === 0) return [notFound(value, error.code, error.message)];
  const results: Json[] = [];
  for (const s of found) results.push(...(await shipmentResults(ctx, req, s, (p) => p.slice(0, 1))));
  for (const r of results) arr(r.trackResults).map(obj).forEach(asSearchResult);
  return results;
}

/** The twin's messages of a search that found nothing (the carrier's codes). */
export const TRACK_MESSAGES = {
  tcnNotFound: {
    code: 'TRACKING.TCN.NOTFOUND',
    message: 'Transportation Control Number cannot be found. Please correct the TCN and try again.',
  },
  referenceNotFound: {
    code: 'TRACKING.REFERENCENUMBER.NOTFOUND',
    message: 'Reference number cannot be found. Please correct the reference number and try again.',
  },
  noAssociated: {
    code: 'TRACKING.ASSOCIATEDSHIPMENT.NOTFOUND',
    message: 'No associated shipments were found for the tracking number. Please modify your request and try again.',
  },
};

/**
 * Track by TCN (`/track/v1/tcn`): a Transportation Control Number travels as one of the shipment's
 * customer references (the ship document has no field of its own for it), so shipments carrying a
 * reference of that value, shipped within the dates asked, are found.
 */
export async function trackTcn(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const info = obj(req.body.tcnInfo);
  const value = str(info.value);
  const found = await ctx.store.shipmentsByReference(req.environment, value, {
    from: str(info.shipDateBegin) || undefined,
    to: str(info.shipDateEnd) || undefined,
  });
  const results = await resultsOfShipments(ctx, req, found, value, TRACK_MESSAGES.tcnNotFound);
  return { status: 200, body: envelope(ctx, req, { completeTrackResults: results }) };
}

/** The track document's reference types the ship document's references are stored as; SHIPPER_REFERENCE is the customer reference. */
const storedType = (type: string) => (type === 'SHIPPER_REFERENCE' ? 'CUSTOMER_REFERENCE' : type);

/**
 * Track by reference (`/track/v1/referencenumbers`): shipments carrying the reference (of the type
 * asked, when one is), shipped within the dates, to the destination asked when one is.
 */
export async function trackReferences(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const info = obj(req.body.referencesInformation);
  const value = str(info.value);
  const type = str(info.type).trim();
  const country = str(info.destinationCountryCode).toUpperCase();
  const postal = str(info.destinationPostalCode).replace(/\s/g, '').toUpperCase();
  const found = (
    await ctx.store.shipmentsByReference(req.environment, value, {
      type: type ? storedType(type) : undefined,
      from: str(info.shipDateBegin) || undefined,
      to: str(info.shipDateEndDate) || undefined,
    })
  ).filter((s) => {
    const r = JSON.parse(s.recipient) as { countryCode: string; postalCode: string };
    return (
      (!country || r.countryCode.toUpperCase() === country) &&
      (!postal || r.postalCode.replace(/\s/g, '').toUpperCase() === postal)
    );
  });
  const results = await resultsOfShipments(ctx, req, found, value, TRACK_MESSAGES.referenceNotFound);
  return { status: 200, body: envelope(ctx, req, { completeTrackResults: results }) };
}

/**
 * Associated shipments (`/track/v1/associatedshipments`): the other pieces of the master's
 * multiple-piece shipment (STANDARD_MPS); a single-piece shipment, or another association type,
 * has none.
 */
export async function trackAssociated(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const master = str(obj(obj(req.body.masterTrackingNumberInfo).trackingNumberInfo).trackingNumber);
  const s = await shipmentOfNumber(ctx, req, master);
  if (!s) {
    const results = [notFound(master, 'TRACKING.TRACKINGNUMBER.NOTFOUND', MESSAGES.trackingNotFound)];
    return { status: 200, body: envelope(ctx, req, { completeTrackResults: results }) };
  }
  const standard = str(req.body.associatedType, 'STANDARD_MPS') === 'STANDARD_MPS';
  const results = standard ? await shipmentResults(ctx, req, s, (p) => p.filter((t) => t !== master)) : [];
  for (const r of results) arr(r.trackResults).map(obj).forEach(asSearchResult);
  const { code, message } = TRACK_MESSAGES.noAssociated;
  return {
    status: 200,
    body: envelope(ctx, req, {
      completeTrackResults: results.length > 0 ? results : [notFound(master, code, message)],
    }),
  };
}
