import type { CarrierEndpoint } from '@lab/core/carrier';
import { asArray as arr, asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import { checkAccountNumber } from '@lab/core/shipping';
import type { LabServices } from '../../module.js';
import { carrierError, MESSAGES } from './errors.js';
import { commercialInvoicePdf } from './invoice.js';
import { labelSpecOf, type LabelSpec } from './labelData.js';
import type { SimLabelRenderer } from './labels.js';
import type { OpenShipment, SimParty, SimShipment, SimState } from './state.js';

/** What a behaviour gets: the parsed request and the simulator's parts. */
export interface SimRequest {
  endpoint: CarrierEndpoint;
  body: Record<string, unknown>;
  customerTransactionId: string | undefined;
  /** The concrete request path (path parameters included). */
  path: string;
  /** Absolute base of this simulator (`http://host/lab/sim/carrier`), for label URLs. */
  baseUrl: string;
  /** The API client asking: the client_id its bearer token was issued to (whose line its label renders wait in). */
  client: string;
}

export interface SimReply {
  status: number;
  body: Record<string, unknown>;
}

export interface SimContext {
  state: SimState;
  renderer: SimLabelRenderer;
  timeFactor: number;
  /** The lookups' cities and postal codes (locations search, postal validation). */
  places: LabServices['places'];
  /** The document's example reply for the endpoint and status (a fresh copy), or undefined. */
  example: (endpoint: CarrierEndpoint, status: number) => Promise<Record<string, unknown> | undefined>;
  /** Called with the tracking numbers of every shipment created (simulated webhooks hang here). */
  onShipped?: (trackingNumbers: string[]) => void;
}

type Json = JsonObject;

function envelope(ctx: SimContext, req: SimRequest, output: Json): Json {
  return {
    transactionId: ctx.state.uuid(),
    ...(req.customerTransactionId ? { customerTransactionId: req.customerTransactionId } : {}),
    output,
  };
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

const today = (ctx: SimContext) => new Date(ctx.state.now()).toISOString().slice(0, 10);

const SERVICE_NAMES: Record<string, string> = {
  PRIORITY_OVERNIGHT: 'FedEx Priority Overnight®',
  STANDARD_OVERNIGHT: 'FedEx Standard Overnight®',
  FIRST_OVERNIGHT: 'FedEx First Overnight®',
  FEDEX_2_DAY: 'FedEx 2Day®',
  FEDEX_EXPRESS_SAVER: 'FedEx Express Saver®',
  FEDEX_GROUND: 'FedEx Ground®',
  GROUND_HOME_DELIVERY: 'FedEx Home Delivery®',
  INTERNATIONAL_PRIORITY: 'FedEx International Priority®',
  INTERNATIONAL_ECONOMY: 'FedEx International Economy®',
};
const serviceName = (t: string) => SERVICE_NAMES[t] ?? t.replace(/_/g, ' ');

// ── shipments and labels ─────────────────────────────────────────────────────────────────────────

/** Tracking numbers, labels and the piece responses for a set of packages. */
async function makeShipment(
  ctx: SimContext,
  req: SimRequest,
  rs: Json,
  lines: Json[],
  labels: LabelSpec,
  trackingNumbers?: string[],
): Promise<{ shipment: SimShipment; pieces: Json[] }> {
  const count = Math.max(1, lines.length);
  const numbers = trackingNumbers ?? Array.from({ length: count }, () => ctx.state.trackingNumber());
  const shipper = party(rs.shipper);
  const recipient = party(arr(rs.recipients)[0] ?? rs.recipient);
  const serviceType = str(rs.serviceType, 'PRIORITY_OVERNIGHT');
  const shipDate = str(rs.shipDatestamp) || today(ctx);
  const shipment: SimShipment = {
    master: numbers[0]!,
    trackingNumbers: numbers,
    createdAt: ctx.state.now(),
    cancelled: false,
    serviceType,
    shipDate,
    shipper,
    recipient,
    labels: new Map(),
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
    shipment.labels.set(numbers[i]!, label);
    const doc: Json = {
      contentType: 'LABEL',
      copiesToPrint: 1,
      trackingNumber: numbers[i]!,
      docType: labels.imageType,
    };
    if (labels.urlOnly) doc.url = `${req.baseUrl}/labels/${numbers[i]!}.${label.ext}`;
    else doc.encodedLabel = label.body.toString('base64');
    pieces.push({
      masterTrackingNumber: numbers[0]!,
      trackingNumber: numbers[i]!,
      packageSequenceNumber: i + 1,
      deliveryDatestamp: shipDate,
      packageDocuments: [doc],
    });
  }
  ctx.state.addShipment(shipment);
  ctx.onShipped?.(numbers);
  return { shipment, pieces };
}

/** Customs amount as cents (the simulator's invoice totals; amounts with more than 2 decimals are rounded). */
const cents = (v: unknown) => Math.round(Number(v) * 100) || 0;
const money = (c: number) => `${(c / 100).toFixed(2)}`;

/**
 * The shipment documents a create-shipment request asks for: a commercial invoice (PDF) when
 * `shippingDocumentSpecification.shippingDocumentTypes` holds COMMERCIAL_INVOICE, inline or as a URL
 * like the labels. Other document types are not simulated.
 */
async function shipmentDocuments(req: SimRequest, rs: Json, shipment: SimShipment, urlOnly: boolean): Promise<Json[]> {
  const types = arr(obj(rs.shippingDocumentSpecification).shippingDocumentTypes).map((t) => str(t));
  if (!types.includes('COMMERCIAL_INVOICE')) return [];
  const customs = obj(rs.customsClearanceDetail);
  const commodities = arr(customs.commodities).map(obj);
  const currency = str(obj(commodities[0]?.customsValue).currency, str(obj(customs.totalCustomsValue).currency, 'USD'));
  const total = commodities.reduce((sum, c) => sum + cents(obj(c.customsValue).amount), 0);
  const body = await commercialInvoicePdf({
    masterTrackingNumber: shipment.master,
    shipDate: shipment.shipDate,
    shipper: shipment.shipper,
    recipient: shipment.recipient,
    currency,
    total: money(total),
    purpose: str(obj(customs.commercialInvoice).shipmentPurpose, 'SOLD'),
    lines: commodities.map((c) => ({
      description: str(c.description),
      quantity: `${str(c.quantity, '1')} ${str(c.quantityUnits)}`.trim(),
      countryOfManufacture: str(c.countryOfManufacture),
      harmonizedCode: str(c.harmonizedCode),
      customsValue: money(cents(obj(c.customsValue).amount)),
    })),
  });
  const key = `${shipment.master}-invoice`;
  shipment.labels.set(key, { contentType: 'application/pdf', ext: 'pdf', body });
  const doc: Json = {
    contentType: 'COMMERCIAL_INVOICE',
    copiesToPrint: 1,
    trackingNumber: shipment.master,
    docType: 'PDF',
  };
  if (urlOnly) doc.url = `${req.baseUrl}/labels/${key}.pdf`;
  else doc.encodedLabel = body.toString('base64');
  return [doc];
}

async function createShipment(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const rs = obj(req.body.requestedShipment);
  const lines = arr(rs.requestedPackageLineItems).map(obj);
  const options = labelSpecOf(req.body, obj(rs.labelSpecification));
  const { shipment, pieces } = await makeShipment(ctx, req, rs, lines, options);
  const documents = await shipmentDocuments(req, rs, shipment, options.urlOnly);
  return {
    status: 200,
    body: envelope(ctx, req, {
      transactionShipments: [
        {
          masterTrackingNumber: shipment.master,
          serviceType: shipment.serviceType,
          serviceName: serviceName(shipment.serviceType),
          shipDatestamp: shipment.shipDate,
          serviceCategory: 'EXPRESS',
          ...(documents.length > 0 ? { shipmentDocuments: documents } : {}),
          pieceResponses: pieces,
        },
      ],
    }),
  };
}

async function cancelShipment(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const tracking = str(req.body.trackingNumber);
  const shipment = ctx.state.shipments.get(tracking);
  const already = shipment ? shipment.cancelled : ctx.state.cancelledUnknown.has(tracking);
  if (already) throw carrierError(400, 'SHIPMENT.ALREADY.CANCELLED', MESSAGES.alreadyCancelled);
  if (shipment) shipment.cancelled = true;
  else ctx.state.cancelledUnknown.set(tracking, true);
  return {
    status: 200,
    body: envelope(ctx, req, {
      cancelledShipment: true,
      cancelledHistory: true,
      message: 'Shipment is successfully cancelled',
    }),
  };
}

// ── tracking ─────────────────────────────────────────────────────────────────────────────────────

/** The scan plan of a shipment: simulated hours after creation, event type, description, status. */
const SCAN_PLAN: [number, string, string, string, 'origin' | 'hub' | 'destination'][] = [
  [0, 'OC', 'Shipment information sent to FedEx', 'Label created', 'origin'],
  [2, 'PU', 'Picked up', 'Picked up', 'origin'],
  [5, 'AR', 'Arrived at FedEx location', 'In transit', 'hub'],
  [9, 'DP', 'Departed FedEx location', 'In transit', 'hub'],
  [20, 'AR', 'At local FedEx facility', 'In transit', 'destination'],
  [23, 'OD', 'On FedEx vehicle for delivery', 'Out for delivery', 'destination'],
  [26, 'DL', 'Delivered', 'Delivered', 'destination'],
];

const HUB = { city: 'MEMPHIS', stateOrProvinceCode: 'TN', postalCode: '38118', countryCode: 'US' };

function scanEvents(ctx: SimContext, s: SimShipment): Json[] {
  const elapsedHours = ((ctx.state.now() - s.createdAt) * ctx.timeFactor) / 3_600_000;
  const where = (w: 'origin' | 'hub' | 'destination') => {
    const p = w === 'origin' ? s.shipper : w === 'destination' ? s.recipient : HUB;
    return {
      city: p.city.toUpperCase(),
      stateOrProvinceCode: p.stateOrProvinceCode,
      postalCode: p.postalCode,
      countryCode: p.countryCode,
    };
  };
  const events = SCAN_PLAN.filter(([h]) => h <= elapsedHours).map(([h, type, description, status, w]) => ({
    date: new Date(s.createdAt + (h * 3_600_000) / ctx.timeFactor).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    eventType: type,
    eventDescription: description,
    derivedStatusCode: type === 'OC' || type === 'PU' || type === 'DL' || type === 'OD' ? type : 'IT',
    derivedStatus: status,
    scanLocation: where(w),
  }));
  if (s.cancelled) {
    events.push({
      date: new Date(ctx.state.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      eventType: 'CA',
      eventDescription: 'Shipment cancelled by sender',
      derivedStatusCode: 'CA',
      derivedStatus: 'Cancelled',
      scanLocation: where('origin'),
    });
  }
  return events.reverse();
}

function trackResult(ctx: SimContext, tracking: string): Json {
  const s = ctx.state.shipments.get(tracking);
  if (!s) {
    return {
      trackingNumberInfo: { trackingNumber: tracking },
      error: { code: 'TRACKING.TRACKINGNUMBER.NOTFOUND', message: MESSAGES.trackingNotFound },
    };
  }
  const events = scanEvents(ctx, s);
  const latest = events[0]!;
  return {
    trackingNumberInfo: {
      trackingNumber: tracking,
      carrierCode: 'FDXE',
      trackingNumberUniqueId: `12029~${tracking}~FDEG`,
    },
    latestStatusDetail: {
      code: latest.derivedStatusCode,
      derivedCode: latest.derivedStatusCode,
      statusByLocale: latest.derivedStatus,
      description: latest.eventDescription,
      scanLocation: latest.scanLocation,
    },
    serviceDetail: { type: s.serviceType, description: serviceName(s.serviceType) },
    scanEvents: events,
  };
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

async function trackNumbers(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const numbers = trackingNumbersOf(req.body);
  return {
    status: 200,
    body: envelope(ctx, req, {
      completeTrackResults: numbers.map((t) => ({ trackingNumber: t, trackResults: [trackResult(ctx, t)] })),
    }),
  };
}

// ── places ───────────────────────────────────────────────────────────────────────────────────────

const KM_PER_MILE = 1.609344;

async function locations(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const address = obj(obj(req.body.location).address);
  const controls = obj(req.body.locationsSummaryRequestControlParameters);
  const distance = obj(controls.distance);
  const units = str(distance.units, 'MI') === 'KM' ? 'KM' : 'MI';
  const radius = typeof distance.value === 'number' && distance.value > 0 ? distance.value : 50;
  const maxResults =
    typeof controls.maxResults === 'number' && controls.maxResults > 0 ? Math.min(controls.maxResults, 50) : 10;
  const origin = await ctx.places.findOrigin({
    city: str(address.city) || undefined,
    postalCode: str(address.postalCode) || undefined,
    countryCode: str(address.countryCode) || undefined,
  });
  if (!origin) {
    throw carrierError(
      400,
      'LOCATION.SEARCH.ADDRESS.INVALID',
      'We could not find the address you entered. Please check the city or postal code and try again.',
    );
  }
  const near = await ctx.places.citiesNear(origin, maxResults, units === 'KM' ? radius : radius * KM_PER_MILE);
  const list = near.map(({ city, km }, i) => ({
    locationId: `${city.name
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 3)
      .toUpperCase()
      .padEnd(3, 'X')}${String.fromCharCode(65 + (i % 26))}`,
    distance: { units, value: Math.round((units === 'KM' ? km : km / KM_PER_MILE) * 10) / 10 },
    contactAndAddress: {
      contact: { companyName: i % 2 === 0 ? 'FedEx Office Print & Ship Center' : 'FedEx Ship Center' },
      address: {
        streetLines: [`${100 + ((i * 37) % 900)} Main St`],
        city: city.name,
        stateOrProvinceCode: city.adminCode,
        countryCode: city.country,
      },
    },
    geoPositionalCoordinates: { latitude: city.lat, longitude: city.lon },
    locationType: i % 2 === 0 ? 'FEDEX_OFFICE' : 'FEDEX_STAFFED',
  }));
  return {
    status: 200,
    body: envelope(ctx, req, {
      totalResults: list.length,
      resultsReturned: list.length,
      matchedAddress: {
        city: origin.city,
        stateOrProvinceCode: origin.stateOrProvinceCode,
        postalCode: origin.postalCode,
        countryCode: origin.countryCode,
      },
      matchedAddressGeoCoord: { latitude: origin.lat, longitude: origin.lon },
      locationDetailList: list,
    }),
  };
}

async function postalValidate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const country = str(req.body.countryCode, 'US').toUpperCase();
  const postal = str(req.body.postalCode);
  const places = await ctx.places.postalPlaces(country, postal);
  if (places.length === 0) {
    throw carrierError(
      400,
      'POSTALCODE.INVALID',
      `The postal code ${postal} is not valid for ${country}. Please correct it and try again.`,
    );
  }
  const first = places[0]!;
  return {
    status: 200,
    body: envelope(ctx, req, {
      countryCode: country,
      stateOrProvinceCode: first.stateOrProvinceCode,
      cleanedPostalCode: first.postalCode,
      cityFirstInitials: first.city.slice(0, 1).toUpperCase(),
      locationDescriptions: places.slice(0, 10).map((p, i) => ({
        locationId: `${p.city
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 4)
          .toUpperCase()}`,
        locationNumber: String(1000 + i),
        serviceArea: 'AA',
        airportId: p.city
          .replace(/[^A-Za-z]/g, '')
          .slice(0, 3)
          .toUpperCase(),
      })),
    }),
  };
}

// ── account ──────────────────────────────────────────────────────────────────────────────────────

async function accountValidate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const value = str(obj(req.body.accountNumber).value ?? req.body.accountNumber);
  const check = checkAccountNumber(value);
  if (!check.ok) throw carrierError(400, 'ACCOUNT.NUMBER.INVALID', `Invalid account number: ${check.message}.`);
  if (!check.valid) {
    throw carrierError(
      400,
      'ACCOUNT.NUMBER.MISMATCH',
      `Account number ${value} failed the check digit. Please check the account number and try again.`,
    );
  }
  return {
    status: 200,
    body: envelope(ctx, req, {
      accountNumber: value,
      accountStatus: 'ACTIVE',
      allowedCarriers: ['FEDEX_EXPRESS', 'FEDEX_GROUND', 'FEDEX_FREIGHT'],
    }),
  };
}

// ── uploads ──────────────────────────────────────────────────────────────────────────────────────

async function etdUpload(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const document = obj(req.body.document);
  const meta = obj(document.meta);
  return {
    status: 201,
    body: {
      ...(req.customerTransactionId ? { customerTransactionId: req.customerTransactionId } : {}),
      output: {
        meta: {
          documentType: str(meta.shipDocumentType) === 'COMMERCIAL_INVOICE' ? 'CI' : 'CO',
          docId: `09${ctx.state.hex(14)}`,
          folderId: [`0b${ctx.state.hex(14)}`],
        },
      },
    },
  };
}

async function imageUpload(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const document = obj(req.body.document);
  const meta = obj(document.meta);
  return {
    status: 201,
    body: {
      ...(req.customerTransactionId ? { customerTransactionId: req.customerTransactionId } : {}),
      output: {
        meta: { imageType: str(meta.imageType, 'SIGNATURE'), imageIndex: str(meta.imageIndex, 'IMAGE_1') },
        status: 'SUCCESS',
        documentReferenceId: str(document.referenceId) || ctx.state.hex(8),
      },
    },
  };
}

// ── open shipments ───────────────────────────────────────────────────────────────────────────────

function openShipmentOf(ctx: SimContext, body: Json, allowed: OpenShipment['state'][]): OpenShipment {
  const index = str(body.index);
  const open = ctx.state.openShipments.get(index);
  if (!open || open.state === 'DELETED') {
    throw carrierError(
      400,
      'OPENSHIPMENT.INDEX.NOTFOUND',
      `No open shipment with index ${index}. Please create it first.`,
    );
  }
  if (!allowed.includes(open.state)) {
    throw carrierError(
      400,
      `OPENSHIPMENT.${open.state}`,
      `The open shipment ${index} is ${open.state === 'CONFIRMED' ? 'already confirmed' : 'deleted'} and cannot be changed.`,
    );
  }
  return open;
}

function openReply(ctx: SimContext, req: SimRequest, open: OpenShipment, extra: Json = {}): SimReply {
  const rs = open.requestedShipment;
  return {
    status: 200,
    body: envelope(ctx, req, {
      index: open.index,
      transactionShipments: [
        {
          masterTrackingNumber: open.packages[0]?.trackingNumber ?? '',
          serviceType: str(rs.serviceType, 'PRIORITY_OVERNIGHT'),
          serviceName: serviceName(str(rs.serviceType, 'PRIORITY_OVERNIGHT')),
          shipDatestamp: str(rs.shipDatestamp) || today(ctx),
          pieceResponses: open.packages.map((p, i) => ({
            trackingNumber: p.trackingNumber,
            masterTrackingNumber: open.packages[0]!.trackingNumber,
            packageSequenceNumber: i + 1,
          })),
          ...extra,
        },
      ],
    }),
  };
}

async function openCreate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const index = str(req.body.index) || `OS${ctx.state.digits(10)}`;
  const existing = ctx.state.openShipments.get(index);
  if (existing && existing.state !== 'DELETED') {
    throw carrierError(400, 'OPENSHIPMENT.INDEX.EXISTS', `An open shipment with index ${index} already exists.`);
  }
  const rs = obj(req.body.requestedShipment);
  const open: OpenShipment = {
    index,
    state: 'OPEN',
    requestedShipment: rs,
    packages: arr(rs.requestedPackageLineItems).map((l) => ({
      trackingNumber: ctx.state.trackingNumber(),
      line: obj(l),
    })),
    createdAt: ctx.state.now(),
  };
  ctx.state.openShipments.set(index, open);
  return openReply(ctx, req, open);
}

async function openModify(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = openShipmentOf(ctx, req.body, ['OPEN']);
  open.requestedShipment = { ...open.requestedShipment, ...obj(req.body.requestedShipment) };
  return openReply(ctx, req, open);
}

async function openConfirm(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = openShipmentOf(ctx, req.body, ['OPEN']);
  if (open.packages.length === 0) {
    throw carrierError(
      400,
      'OPENSHIPMENT.PACKAGES.REQUIRED',
      `The open shipment ${open.index} has no package to confirm.`,
    );
  }
  const spec = obj(req.body.labelSpecification ?? open.requestedShipment.labelSpecification);
  const { pieces } = await makeShipment(
    ctx,
    req,
    open.requestedShipment,
    open.packages.map((p) => p.line),
    labelSpecOf(req.body, spec),
    open.packages.map((p) => p.trackingNumber),
  );
  open.state = 'CONFIRMED';
  open.confirmedMaster = open.packages[0]!.trackingNumber;
  const reply = openReply(ctx, req, open);
  const shipment = obj(arr(obj(reply.body.output).transactionShipments)[0]);
  shipment.pieceResponses = pieces;
  return reply;
}

async function openPackagesAdd(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = openShipmentOf(ctx, req.body, ['OPEN']);
  for (const l of arr(req.body.requestedPackageLineItems))
    open.packages.push({ trackingNumber: ctx.state.trackingNumber(), line: obj(l) });
  return openReply(ctx, req, open);
}

function packageIndex(ctx: SimContext, open: OpenShipment, trackingId: unknown): number {
  const t = str(obj(trackingId).trackingNumber ?? trackingId);
  const i = open.packages.findIndex((p) => p.trackingNumber === t);
  if (i < 0)
    throw carrierError(400, 'OPENSHIPMENT.PACKAGE.NOTFOUND', `The open shipment ${open.index} has no package ${t}.`);
  return i;
}

async function openPackagesModify(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = openShipmentOf(ctx, req.body, ['OPEN']);
  const i = packageIndex(ctx, open, req.body.trackingId);
  open.packages[i]!.line = { ...open.packages[i]!.line, ...obj(req.body.requestedPackageLineItem) };
  return openReply(ctx, req, open);
}

async function openPackagesDelete(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = openShipmentOf(ctx, req.body, ['OPEN']);
  const drop = new Set(arr(req.body.trackingIds).map((t) => packageIndex(ctx, open, t)));
  open.packages = open.packages.filter((_, i) => !drop.has(i));
  return openReply(ctx, req, open);
}

async function openRetrieve(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = openShipmentOf(ctx, req.body, ['OPEN', 'CONFIRMED']);
  return openReply(ctx, req, open);
}

async function openDelete(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = openShipmentOf(ctx, req.body, ['OPEN']);
  open.state = 'DELETED';
  return { status: 200, body: envelope(ctx, req, { index: open.index, message: 'Open shipment is deleted' }) };
}

// ── the rest ─────────────────────────────────────────────────────────────────────────────────────

/** Request fields whose values are echoed into the document's example reply wherever the same key appears. */
const IDENTIFIERS = new Set([
  'trackingNumber',
  'masterTrackingNumber',
  'index',
  'jobId',
  'pickupConfirmationCode',
  'confirmationNumber',
  'referenceId',
  'tcn',
  'shipmentId',
  'location',
]);

function collectIdentifiers(value: unknown, out: Map<string, unknown>) {
  if (Array.isArray(value)) return value.forEach((v) => collectIdentifiers(v, out));
  if (typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) {
    if (IDENTIFIERS.has(k) && (typeof v === 'string' || typeof v === 'number') && !out.has(k)) out.set(k, v);
    else collectIdentifiers(v, out);
  }
}

function echo(value: unknown, ids: Map<string, unknown>) {
  if (Array.isArray(value)) return value.forEach((v) => echo(v, ids));
  if (typeof value !== 'object' || value === null) return;
  const rec = value as Json;
  for (const [k, v] of Object.entries(rec)) {
    const id = ids.get(k);
    if (id !== undefined && typeof id === typeof v) rec[k] = id;
    else echo(v, ids);
  }
}

async function fromExample(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const status = req.endpoint.host === 'documents' ? 201 : 200;
  const example = (await ctx.example(req.endpoint, status)) ?? { output: {} };
  const ids = new Map<string, unknown>();
  collectIdentifiers(req.body, ids);
  const shipmentId = /\/tag\/cancel\/([^/]+)$/.exec(req.path)?.[1];
  if (shipmentId) ids.set('shipmentId', decodeURIComponent(shipmentId));
  echo(example, ids);
  if ('transactionId' in example) example.transactionId = ctx.state.uuid();
  if (req.customerTransactionId && 'customerTransactionId' in example)
    example.customerTransactionId = req.customerTransactionId;
  return { status, body: example };
}

export type Behaviour = (ctx: SimContext, req: SimRequest) => Promise<SimReply>;

/** What each catalogue entry does; entries not listed answer the document's example with identifiers echoed. */
export const BEHAVIOURS: Record<string, Behaviour> = {
  'ship-create': createShipment,
  'ship-cancel': cancelShipment,
  'track-tracking-numbers': trackNumbers,
  locations,
  'postal-validate': postalValidate,
  'account-validate': accountValidate,
  'etd-upload': etdUpload,
  'image-upload': imageUpload,
  'open-ship-create': openCreate,
  'open-ship-modify': openModify,
  'open-ship-confirm': openConfirm,
  'open-ship-packages-add': openPackagesAdd,
  'open-ship-packages-modify': openPackagesModify,
  'open-ship-packages-delete': openPackagesDelete,
  'open-ship-packages-retrieve': openRetrieve,
  'open-ship-retrieve': openRetrieve,
  'open-ship-delete': openDelete,
};

export const behaviourFor = (endpoint: CarrierEndpoint): Behaviour => BEHAVIOURS[endpoint.id] ?? fromExample;
