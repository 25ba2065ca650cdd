/**
 * Return tags (`/ship/v1/shipments/tag`, `…/tag/cancel/{shipmentid}`): a tag books a driver who
 * brings the label to the party returning the goods, on the first day the pickup calendar allows
 * (`../pickupRules.ts`: the clock in the pickup address's time zone and the carrier's cut-off);
 * cancel finds the tag again by its confirmation number and tracking number.
 */
import { asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { carrierError, MESSAGES } from '../errors.js';
import { firstPickupDay, localNow, pickupDay, pickupStation, termsOf, zoneOf } from '../pickupRules.js';
import { serviceTerms } from '../tariff/services.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';
import { checkPickupDate } from './pickups.js';
import { newTrackingNumbers } from './shipment.js';

export async function tagCreate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const rs = obj(req.body.requestedShipment);
  const serviceType = str(rs.serviceType, 'PRIORITY_OVERNIGHT');
  const carrier = serviceTerms(serviceType)?.carrierCode ?? 'FDXE';
  // The driver comes to the shipper: the party who sends the goods back.
  const a = obj(obj(rs.shipper).address);
  const address = {
    city: str(a.city),
    postalCode: str(a.postalCode),
    countryCode: str(a.countryCode, 'US').toUpperCase(),
  };
  const local = localNow(await zoneOf(ctx.places, address), req.now);
  const terms = termsOf(carrier);
  const ready = str(obj(rs.pickupDetail).readyPickupDateTime).slice(0, 10);
  checkPickupDate(req, ready, local.date, 'readyPickupDateTime');
  const asked = ready > local.date ? pickupDay(terms, ready, local) : undefined;
  const dispatchDate = asked?.available ? asked.date : firstPickupDay(terms, local).date;
  const [trackingNumber] = await newTrackingNumbers(ctx, 1);
  const confirmationNumber = String((await ctx.store.records.pickupCount(req.environment)) + 1);
  const location = pickupStation(address);
  await ctx.store.records.insertPickup({
    kind: 'tag',
    environment: req.environment,
    confirmationCode: confirmationNumber,
    location,
    pickupDate: dispatchDate,
    request: { trackingNumber, serviceType, requestedShipment: rs },
    now: req.now,
  });
  const output: Json = {
    masterTrackingNumber: trackingNumber!,
    serviceType,
    shipTimestamp: dispatchDate,
    completedTagDetail: { confirmationNumber, location, dispatchDate },
  };
  return { status: 200, body: envelope(ctx, req, output) };
}

export async function tagCancel(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const detail = obj(req.body.completedTagDetail);
  const code = str(detail.confirmationNumber);
  const tag = await ctx.store.records.pickup('tag', req.environment, code);
  const stored = tag && obj(JSON.parse(tag.request));
  if (!tag || !stored || str(stored.trackingNumber) !== str(req.body.trackingNumber)) {
    throw carrierError(400, 'TRACKINGNUMBER.ENTERED.INVALID', MESSAGES.trackingNumberInvalid);
  }
  if (!(await ctx.store.records.cancelPickup(Number(tag.id), req.now))) {
    throw carrierError(400, 'TAG.ALREADY.CANCELLED', `The tag ${code} is already cancelled.`);
  }
  return {
    status: 200,
    body: envelope(ctx, req, {
      cancelledTag: true,
      successMessage: `Tag ${code} for ${str(stored.trackingNumber)} is cancelled; no driver comes on ${tag.pickup_date ?? ''}.`,
    }),
  };
}
