/**
 * A shipment from a request, as create shipment and open-shipment confirm both make one: new
 * tracking numbers, the labels drawn, the rules checked, the shipment and its planned scans stored.
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { CarrierError, carrierError } from '../errors.js';
import type { LabelSpec } from '../labelData.js';
import { planScans, scenarioApplies, type PlanInput, type ScanPlace } from '../lifecycle.js';
import type { shipmentRating } from '../rateReplies.js';
import { shipmentProblems } from '../rules.js';
import { shipDateProblem } from '../shipDates.js';
import type { SimLabel, SimParty } from '../state.js';
import { hubFor } from '../hubs.js';
import { pickupAndDelivery } from '../rating.js';
import { detailsOf, referencesOf, type ShipmentDetails } from '../trackDetails.js';
import { planZonesOf } from '../zones.js';
import { scanRow, scenarioOfRequest } from '../tracking.js';
import { today, type SimContext, type SimRequest } from './context.js';
import { recipientOf } from '../recipient.js';

/** What the tariff model promises for a shipment (ship date, delivery date, commit time, lane): its lifecycle's inputs. */
type DeliveryPromise = Awaited<ReturnType<typeof shipmentRating>>['promise'];

/** A shipment made from a request, labels drawn, not yet stored (storeShipment). */
export interface ShipmentDraft {
  master: string;
  trackingNumbers: string[];
  /** ms since epoch, the simulator's clock. */
  createdAt: number;
  serviceType: string;
  shipDate: string;
  shipper: SimParty;
  recipient: SimParty;
  /** One label per tracking number, in order. */
  labels: SimLabel[];
  /** Shipment documents by kind (`invoice`), served at `<master>-<kind>.<ext>`. */
  documents: Map<string, SimLabel>;
  /** What track replies read of the request: packages, packaging, references. */
  details: ShipmentDetails;
}

function party(p: unknown): SimParty {
  const contact = obj(obj(p).contact);
  const address = obj(obj(p).address);
  return {
    personName: str(contact.personName) || undefined,
    companyName: str(contact.companyName) || undefined,
    phoneNumber: str(contact.phoneNumber) || undefined,
    streetLines: arr(address.streetLines).map((s) => str(s)),
    city: str(address.city),
    stateOrProvinceCode: str(address.stateOrProvinceCode),
    postalCode: str(address.postalCode),
    countryCode: str(address.countryCode, 'US'),
  };
}

/** A party's place as a scan location. */
export const placeOf = (p: SimParty): ScanPlace => ({
  city: p.city.toUpperCase(),
  stateOrProvinceCode: p.stateOrProvinceCode,
  postalCode: p.postalCode,
  countryCode: p.countryCode,
});

/** The caller hung up before the shipment was stored: nothing was created (nobody reads this reply). */
const callerGone = () =>
  carrierError(
    503,
    'SERVICE.UNAVAILABLE.ERROR',
    'The request was abandoned by the caller before the shipment was created; nothing was created.',
  );

/** `count` new tracking numbers, none issued before (on this database) nor repeated among themselves. */
export async function newTrackingNumbers(ctx: SimContext, count: number): Promise<string[]> {
  const out: string[] = [];
  while (out.length < count) {
    const batch: string[] = [];
    while (out.length + batch.length < count) {
      const t = ctx.state.trackingNumberCandidate();
      if (!out.includes(t) && !batch.includes(t)) batch.push(t);
    }
    const taken = await ctx.store.takenTrackingNumbers(batch);
    out.push(...batch.filter((t) => !taken.has(t)));
  }
  return out;
}

/** Where a URL_ONLY label or document is served (through the gateway). */
export const labelUrl = (req: SimRequest, file: string) => `${req.linkBase}/labels/${file}`;

/** Refuses a shipment request that breaks one of the carrier's business rules (rules.ts), naming each. */
export async function checkShipmentRules(ctx: SimContext, body: Json, rs: Json, req?: SimRequest): Promise<void> {
  const problems = await shipmentProblems(ctx.places, body, rs);
  const date = req
    ? shipDateProblem(str(rs.shipDatestamp ?? rs.shipDateStamp), today(req), req.documentedDates)
    : undefined;
  if (date) problems.unshift(date);
  if (problems.length > 0) throw new CarrierError(400, problems);
}

/** Tracking numbers, labels and the piece responses for a set of packages. */
export async function makeShipment(
  ctx: SimContext,
  req: SimRequest,
  rs: Json,
  lines: Json[],
  labels: LabelSpec,
  trackingNumbers?: string[],
): Promise<{ shipment: ShipmentDraft; pieces: Json[] }> {
  const count = Math.max(1, lines.length);
  const numbers = trackingNumbers ?? (await newTrackingNumbers(ctx, count));
  const shipper = party(rs.shipper);
  const recipient = party(recipientOf(rs));
  const serviceType = str(rs.serviceType, 'PRIORITY_OVERNIGHT');
  const shipDate = str(rs.shipDatestamp) || today(req);
  const shipment: ShipmentDraft = {
    master: numbers[0]!,
    trackingNumbers: numbers,
    createdAt: req.now,
    serviceType,
    shipDate,
    shipper,
    recipient,
    labels: [],
    documents: new Map(),
    details: detailsOf(rs, lines),
  };
  const drawn = await ctx.renderer.shipmentLabels({
    body: req.body,
    requestedShipment: rs,
    lines,
    trackingNumbers: numbers,
    shipDate,
    spec: labels,
    client: req.client,
  });
  const pieces: Json[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const label = drawn[i]!;
    shipment.labels.push(label);
    const doc: Json = {
      contentType: 'LABEL',
      copiesToPrint: 1,
      trackingNumber: numbers[i]!,
      docType: labels.imageType,
    };
    if (labels.urlOnly) doc.url = labelUrl(req, `${numbers[i]!}.${label.ext}`);
    else doc.encodedLabel = label.body.toString('base64');
    pieces.push({
      masterTrackingNumber: numbers[0]!,
      trackingNumber: numbers[i]!,
      packageSequenceNumber: i + 1,
      deliveryDatestamp: shipDate,
      packageDocuments: [doc],
    });
  }
  return { shipment, pieces };
}

/**
 * Stores a drawn shipment (pieces, labels, documents, planned scans) in one transaction, only if
 * the caller is still there: a create whose rendering outlived the gateway's deadline is not
 * created behind the caller's back.
 */
export async function storeShipment(
  ctx: SimContext,
  req: SimRequest,
  s: ShipmentDraft,
  promise: DeliveryPromise,
  scenarioSource: unknown,
): Promise<void> {
  // A ship date before the clock's today (a documented example's date) cannot be kept: the journey
  // starts today, taking the same transit days; its pickup waits for a business day at the origin.
  const shipDate = promise.shipDate < today(req) ? today(req) : promise.shipDate;
  const journey = pickupAndDelivery(shipDate, promise.transitDays, promise.holidayCountries);
  const origin = placeOf(s.shipper);
  const route = { origin, destination: placeOf(s.recipient), hub: hubFor(origin, promise.ground) };
  const input: PlanInput = {
    createdAt: s.createdAt,
    ...promise,
    shipDate: journey.pickupDate,
    deliveryDate: shipDate === promise.shipDate ? promise.deliveryDate : journey.deliveryDate,
    ...route,
    zones: await planZonesOf(ctx.places, route),
  };
  const asked = scenarioOfRequest(scenarioSource);
  const scenario = scenarioApplies(asked, input) ? asked : 'NORMAL';
  const stored = await ctx.store.insertShipment(
    {
      master_tracking_number: s.master,
      created_at: s.createdAt,
      cancelled_at: null,
      service_type: s.serviceType,
      ship_date: s.shipDate,
      shipper: JSON.stringify(s.shipper),
      recipient: JSON.stringify(s.recipient),
      environment: req.environment,
      scenario,
      lifecycle: JSON.stringify(input),
      details: JSON.stringify(s.details),
    },
    s.trackingNumbers.map((t, i) => ({
      tracking_number: t,
      sequence: i + 1,
      label_content_type: s.labels[i]!.contentType,
      label_ext: s.labels[i]!.ext,
      label: s.labels[i]!.body,
    })),
    [...s.documents].map(([kind, d]) => ({ kind, content_type: d.contentType, ext: d.ext, body: d.body })),
    planScans(input, scenario).map(scanRow),
    req.connected,
    referencesOf(s.details),
  );
  if (!stored) throw callerGone();
  ctx.onShipmentChanged?.(req.environment, s.master);
}
