/**
 * Pickups (`/pickup/v1/pickups…`): availability from the twin's clock, the address's time zone and
 * the carriers' cut-offs (`../pickupRules.ts`); create pickup books the first day a driver can
 * come and remembers it by its confirmation code; cancel finds it again.
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { CarrierError, carrierError } from '../errors.js';
import {
  firstPickupDay,
  localNow,
  pickupDateProblem,
  pickupDay,
  pickupStation,
  termsOf,
  zoneOf,
  type PickupAddress,
} from '../pickupRules.js';
import { addBusinessDays } from '../tariff/transit.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';

/** pickup-request document, the 400 examples of its operations. */
export const PICKUP_MESSAGES = {
  postalMissing: { code: 'PICKUP.POSTALCODE.MISSING', message: 'PostalCode is missing.' },
  expired: { code: 'PICKUP.NUMBER.EXPIRED', message: 'PREVIOUS DAY PICKUP, CANNOT CANCEL OR UPDATE' },
} as const;

const fail = (e: { code: string; message: string }) => carrierError(400, e.code, e.message);

const addressOf = (a: unknown): PickupAddress => {
  const o = obj(a);
  return {
    city: str(o.city) || undefined,
    stateOrProvinceCode: str(o.stateOrProvinceCode) || undefined,
    postalCode: str(o.postalCode) || undefined,
    countryCode: str(o.countryCode, 'US').toUpperCase(),
  };
};

/** The dates accepted whatever the clock says: those of the operation's own named example requests. */
export const acceptedDates = (req: SimRequest): ReadonlySet<string> => req.documentedDates ?? new Set();

/** Refuses a pickup date in the past or past the advance window, at the pickup address's local today. */
export function checkPickupDate(req: SimRequest, date: string, today: string, field: string): void {
  const problem = pickupDateProblem(date, today, field, acceptedDates(req));
  if (problem) throw new CarrierError(400, [problem]);
}

async function localOf(ctx: SimContext, req: SimRequest, address: PickupAddress) {
  if (!address.postalCode && (await ctx.places.country(address.countryCode ?? 'US'))?.postalPattern) {
    throw fail(PICKUP_MESSAGES.postalMissing);
  }
  return localNow(await zoneOf(ctx.places, address), req.now);
}

export async function pickupAvailability(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const address = addressOf(req.body.pickupAddress);
  const local = await localOf(ctx, req, address);
  // A past or too distant date is refused; a documented sample's date answers as today.
  const asked = str(req.body.dispatchDate);
  checkPickupDate(req, asked, local.date, 'dispatchDate');
  const dispatch = asked > local.date ? asked : '';
  const kinds = arr(req.body.pickupRequestType).map((k) => str(k));
  const carriers = arr(req.body.carriers).map((c) => str(c));
  const days = Math.max(1, Math.min(5, Number(req.body.numberOfBusinessDays) || 1));
  const station = pickupStation(address);
  const options = carriers.flatMap((carrier) => {
    const terms = termsOf(carrier);
    const dates = kinds.flatMap((kind) =>
      kind === 'SAME_DAY'
        ? [dispatch || local.date]
        : Array.from({ length: days }, (_, i) => addBusinessDays(dispatch || local.date, i + 1)),
    );
    return dates.map((date) => {
      const day = pickupDay(terms, date, local);
      return {
        carrier,
        available: day.available,
        pickupDate: day.date,
        cutOffTime: day.cutOffTime,
        accessTime: { hours: Math.floor(terms.accessMinutes / 60), minutes: terms.accessMinutes % 60 },
        residentialAvailable: terms.residential,
        countryRelationship: str(req.body.countryRelationship, 'DOMESTIC'),
        scheduleDay: day.sameDay ? 'SAME_DAY' : 'FUTURE_DAY',
        ...(day.available
          ? {
              defaultReadyTime: day.readyTimeOptions[0],
              defaultLatestTimeOptions: day.latestTimeOptions.at(-1),
              earlyPickupLocationId: station,
              readyTimeOptions: day.readyTimeOptions,
              latestTimeOptions: day.latestTimeOptions,
            }
          : {}),
      };
    });
  });
  return {
    status: 200,
    body: envelope(ctx, req, { requestTimestamp: `${local.date}T${local.time}`, options }),
  };
}

/** A new confirmation code: the environment's pickups counted, from 1 (the carrier's codes are short numbers). */
async function newConfirmationCode(ctx: SimContext, req: SimRequest): Promise<string> {
  return String((await ctx.store.records.pickupCount(req.environment)) + 1);
}

export async function pickupCreate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const origin = obj(req.body.originDetail);
  const address = addressOf(obj(origin.pickupLocation).address);
  const local = await localOf(ctx, req, address);
  const ready = str(origin.readyDateTimestamp).slice(0, 10);
  checkPickupDate(req, ready, local.date, 'readyDateTimestamp');
  const terms = termsOf(str(req.body.carrierCode, 'FDXE'));
  const day = ready && ready > local.date ? pickupDay(terms, ready, local) : firstPickupDay(terms, local);
  const date = day.available ? day.date : firstPickupDay(terms, { date: day.date, time: '00:00:00' }).date;
  const code = await newConfirmationCode(ctx, req);
  const location = pickupStation(address);
  await ctx.store.records.insertPickup({
    kind: 'pickup',
    environment: req.environment,
    confirmationCode: code,
    location,
    pickupDate: date,
    request: req.body,
    now: req.now,
  });
  const output: Json = {
    pickupConfirmationCode: code,
    message: date === local.date ? 'Courier will arrive today' : `Courier will arrive on ${date}`,
    location,
  };
  return { status: 200, body: envelope(ctx, req, output) };
}

export async function pickupCancel(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const code = str(req.body.pickupConfirmationCode);
  const pickup = await ctx.store.records.pickup('pickup', req.environment, code);
  if (!pickup) {
    throw carrierError(400, 'PICKUP.CONFIRMATIONNUMBER.INVALID', `No pickup with confirmation code ${code}.`);
  }
  const request = obj(JSON.parse(pickup.request));
  const address = addressOf(obj(obj(obj(request.originDetail).pickupLocation).address));
  const local = localNow(await zoneOf(ctx.places, address), req.now);
  if (pickup.pickup_date !== null && pickup.pickup_date < local.date) throw fail(PICKUP_MESSAGES.expired);
  if (!(await ctx.store.records.cancelPickup(Number(pickup.id), req.now))) {
    throw carrierError(400, 'PICKUP.ALREADY.CANCELLED', `The pickup ${code} is already cancelled.`);
  }
  return {
    status: 200,
    body: envelope(ctx, req, {
      pickupConfirmationCode: code,
      cancelConfirmationMessage: `Pickup ${code} of ${pickup.pickup_date ?? local.date} is cancelled.`,
    }),
  };
}
