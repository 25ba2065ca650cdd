import type { CarrierEndpoint } from '@lab/core/carrier';
import { asArray as arr, asObject as obj, asText as str, type JsonObject } from '@lab/core/json';
import type { LabServices } from '../../module.js';
import { packageAndServiceOptionsOutput, specialServiceOptionsOutput } from './availability.js';
import { CarrierError, carrierError, MESSAGES } from './errors.js';
import { commercialInvoicePdf, mergedPdf } from './invoice.js';
import { labelSpecOf, type LabelSpec } from './labelData.js';
import type { SimLabelRenderer } from './labels.js';
import { locationsOutput, postalValidateOutput } from './locations.js';
import { rateQuoteOutput, shipmentRating } from './rateReplies.js';
import { planScans, scenarioApplies, type PlanInput, type ScanPlace } from './lifecycle.js';
import type { NewScanEvent, OpenShipmentRow, ShipmentRow, SimStore } from './repo.js';
import { accountNumberProblem, shipmentProblems } from './rules.js';
import type { SimEnvironment, SimLabel, SimParty, SimState } from './state.js';
import { serviceName } from './tariff/services.js';
import { addBusinessDays } from './tariff/transit.js';
import { scanRow, scenarioOfRequest, trackResultOf } from './tracking.js';

/** What a behaviour gets: the parsed request and the simulator's parts. */
export interface SimRequest {
  endpoint: CarrierEndpoint;
  body: Record<string, unknown>;
  customerTransactionId: string | undefined;
  /** The concrete request path (path parameters included). */
  path: string;
  /** Where URL_ONLY links point: the gateway's path for this environment (`<origin>/lab/api/carrier/sandbox`). */
  linkBase: string;
  /** The API client asking: the client_id its bearer token was issued to (whose line its label renders wait in). */
  client: string;
  environment: SimEnvironment;
  /** False once the caller has hung up (its connection closed): a shipment is then not stored. */
  connected: () => boolean;
  /** The simulated now of the environment's clock (ms), read when the request arrived. */
  now: number;
  /** The file of a documents-host upload. */
  attachment?: { fileName: string; body: Buffer } | undefined;
}

export interface SimReply {
  status: number;
  body: Record<string, unknown>;
}

export interface SimContext {
  state: SimState;
  /** Shipments, open shipments, pickups and uploads: the simulator's state in the database. */
  store: SimStore;
  renderer: SimLabelRenderer;
  /** The lookups' cities, postal codes, countries and ETD rules (locations, postal validation, the rules). */
  places: LabServices['places'];
  /** The document's example reply for the endpoint and status (a fresh copy), or undefined. */
  example: (endpoint: CarrierEndpoint, status: number) => Promise<Record<string, unknown> | undefined>;
  /** Called after a shipment is created or changes scenario (the Simulator screen's realtime topic). */
  onShipmentChanged?: (environment: SimEnvironment, trackingNumber: string) => void;
}

type Json = JsonObject;
/** What the tariff model promises for a shipment (ship date, delivery date, commit time, lane): its lifecycle's inputs. */
type DeliveryPromise = Awaited<ReturnType<typeof shipmentRating>>['promise'];

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

/** The simulated date of the request's environment (YYYY-MM-DD). */
const today = (req: SimRequest) => new Date(req.now).toISOString().slice(0, 10);

// ── shipments and labels ─────────────────────────────────────────────────────────────────────────

/** A shipment made from a request, labels drawn, not yet stored (storeShipment). */
interface ShipmentDraft {
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
}

/** The caller hung up before the shipment was stored: nothing was created (nobody reads this reply). */
const callerGone = () =>
  carrierError(
    503,
    'SERVICE.UNAVAILABLE.ERROR',
    'The request was abandoned by the caller before the shipment was created; nothing was created.',
  );

/** `count` new tracking numbers, none issued before (on this database) nor repeated among themselves. */
async function newTrackingNumbers(ctx: SimContext, count: number): Promise<string[]> {
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

const labelUrl = (req: SimRequest, file: string) => `${req.linkBase}/labels/${file}`;

/** Tracking numbers, labels and the piece responses for a set of packages. */
async function makeShipment(
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
  const recipient = party(arr(rs.recipients)[0] ?? rs.recipient);
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
async function storeShipment(
  ctx: SimContext,
  req: SimRequest,
  s: ShipmentDraft,
  promise: DeliveryPromise,
  scenarioSource: unknown,
): Promise<void> {
  // A ship date before the clock's today cannot be kept: the journey starts today, taking the same transit days.
  const shipDate = promise.shipDate < today(req) ? today(req) : promise.shipDate;
  const input: PlanInput = {
    createdAt: s.createdAt,
    ...promise,
    shipDate,
    deliveryDate: shipDate === promise.shipDate ? promise.deliveryDate : addBusinessDays(shipDate, promise.transitDays),
    origin: placeOf(s.shipper),
    destination: placeOf(s.recipient),
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
  );
  if (!stored) throw callerGone();
  ctx.onShipmentChanged?.(req.environment, s.master);
}

/** Customs amount as cents (the simulator's invoice totals; amounts with more than 2 decimals are rounded). */
const cents = (v: unknown) => Math.round(Number(v) * 100) || 0;
const money = (c: number) => `${(c / 100).toFixed(2)}`;

/**
 * The shipment documents a create-shipment request asks for: a commercial invoice (PDF) when
 * `shippingDocumentSpecification.shippingDocumentTypes` holds COMMERCIAL_INVOICE, inline or as a URL
 * like the labels. Other document types are not simulated.
 */
async function shipmentDocuments(
  req: SimRequest,
  rs: Json,
  shipment: ShipmentDraft,
  urlOnly: boolean,
): Promise<Json[]> {
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
  shipment.documents.set('invoice', { contentType: 'application/pdf', ext: 'pdf', body });
  const doc: Json = {
    contentType: 'COMMERCIAL_INVOICE',
    copiesToPrint: 1,
    trackingNumber: shipment.master,
    docType: 'PDF',
  };
  if (urlOnly) doc.url = labelUrl(req, `${shipment.master}-invoice.pdf`);
  else doc.encodedLabel = body.toString('base64');
  return [doc];
}

/**
 * The merged PDF URL the ship document describes: with URL_ONLY and `mergeLabelDocOption`
 * LABELS_AND_DOCS (every PDF label and document) or LABELS_ONLY, in `labelOrder`. Labels that are
 * not PDF (ZPLII, EPL2, PNG) are not merged, so such a shipment gets no merged URL.
 */
async function mergedDocument(req: SimRequest, shipment: ShipmentDraft, spec: LabelSpec): Promise<Json | undefined> {
  const option = str(req.body.mergeLabelDocOption, 'NONE');
  if (!spec.urlOnly || (option !== 'LABELS_AND_DOCS' && option !== 'LABELS_ONLY')) return undefined;
  const labels = shipment.labels.filter((l) => l.contentType === 'application/pdf').map((l) => l.body);
  if (labels.length === 0) return undefined;
  const documents = option === 'LABELS_AND_DOCS' ? [...shipment.documents.values()].map((d) => d.body) : [];
  const body = await mergedPdf(labels, documents, spec.labelsFirst);
  shipment.documents.set('merged', { contentType: 'application/pdf', ext: 'pdf', body });
  return {
    contentType: 'MERGED_LABEL_DOCUMENTS',
    copiesToPrint: 1,
    trackingNumber: shipment.master,
    docType: 'PDF',
    url: labelUrl(req, `${shipment.master}-merged.pdf`),
  };
}

/** Refuses a shipment request that breaks one of the carrier's business rules (rules.ts), naming each. */
async function checkShipmentRules(ctx: SimContext, body: Json, rs: Json): Promise<void> {
  const problems = await shipmentProblems(ctx.places, body, rs);
  if (problems.length > 0) throw new CarrierError(400, problems);
}

async function createShipment(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const rs = obj(req.body.requestedShipment);
  await checkShipmentRules(ctx, req.body, rs);
  const lines = arr(rs.requestedPackageLineItems).map(obj);
  const options = labelSpecOf(req.body, obj(rs.labelSpecification));
  // Rated (and the lane checked) before anything is created.
  const rating = await shipmentRating(ctx.places, rs, today(req));
  const { shipment, pieces } = await makeShipment(ctx, req, rs, lines, options);
  const documents = await shipmentDocuments(req, rs, shipment, options.urlOnly);
  const merged = await mergedDocument(req, shipment, options);
  if (merged) documents.push(merged);
  await storeShipment(ctx, req, shipment, rating.promise, req.body);
  return {
    status: 200,
    body: envelope(ctx, req, {
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
    }),
  };
}

async function cancelShipment(ctx: SimContext, req: SimRequest): Promise<SimReply> {
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

// ── tracking ─────────────────────────────────────────────────────────────────────────────────────

/** A party's place as a scan location. */
const placeOf = (p: SimParty): ScanPlace => ({
  city: p.city.toUpperCase(),
  stateOrProvinceCode: p.stateOrProvinceCode,
  postalCode: p.postalCode,
  countryCode: p.countryCode,
});

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

async function trackNumbers(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const numbers = trackingNumbersOf(req.body);
  const results = [];
  for (const t of numbers) results.push({ trackingNumber: t, trackResults: [await trackResult(ctx, req, t)] });
  return { status: 200, body: envelope(ctx, req, { completeTrackResults: results }) };
}

// ── places ───────────────────────────────────────────────────────────────────────────────────────

async function locations(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  return { status: 200, body: envelope(ctx, req, await locationsOutput(ctx.places, req.body)) };
}

async function postalValidate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  return { status: 200, body: envelope(ctx, req, await postalValidateOutput(ctx.places, req.body)) };
}

// ── rates and availability (the tariff model: ./rating.ts, ./tariff/) ──────────────────────────────

async function rateQuotes(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  return { status: 200, body: envelope(ctx, req, await rateQuoteOutput(ctx.places, req.body, today(req))) };
}

async function packageAndServiceOptions(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const output = await packageAndServiceOptionsOutput(ctx.places, req.body, today(req));
  return { status: 200, body: envelope(ctx, req, output) };
}

async function specialServiceOptions(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const output = await specialServiceOptionsOutput(ctx.places, req.body, today(req));
  return { status: 200, body: envelope(ctx, req, output) };
}

// ── account ──────────────────────────────────────────────────────────────────────────────────────

async function accountValidate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const value = str(obj(req.body.accountNumber).value ?? req.body.accountNumber);
  const problem = accountNumberProblem(value);
  if (problem) throw new CarrierError(400, [problem]);
  return {
    status: 200,
    body: envelope(ctx, req, {
      accountNumber: value,
      accountStatus: 'ACTIVE',
      allowedCarriers: ['FEDEX_EXPRESS', 'FEDEX_GROUND', 'FEDEX_FREIGHT'],
    }),
  };
}

// ── uploads and pickups ──────────────────────────────────────────────────────────────────────────

async function etdUpload(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const document = obj(req.body.document);
  const meta = obj(document.meta);
  const docId = `09${ctx.state.hex(14)}`;
  await storeUpload(ctx, req, 'etd', docId);
  return {
    status: 201,
    body: {
      ...(req.customerTransactionId ? { customerTransactionId: req.customerTransactionId } : {}),
      output: {
        meta: {
          documentType: str(meta.shipDocumentType) === 'COMMERCIAL_INVOICE' ? 'CI' : 'CO',
          docId,
          folderId: [`0b${ctx.state.hex(14)}`],
        },
      },
    },
  };
}

async function imageUpload(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const document = obj(req.body.document);
  const meta = obj(document.meta);
  const reference = str(document.referenceId) || ctx.state.hex(8);
  await storeUpload(ctx, req, 'image', reference);
  return {
    status: 201,
    body: {
      ...(req.customerTransactionId ? { customerTransactionId: req.customerTransactionId } : {}),
      output: {
        meta: { imageType: str(meta.imageType, 'SIGNATURE'), imageIndex: str(meta.imageIndex, 'IMAGE_1') },
        status: 'SUCCESS',
        documentReferenceId: reference,
      },
    },
  };
}

function storeUpload(ctx: SimContext, req: SimRequest, kind: 'etd' | 'image', reference: string): Promise<void> {
  return ctx.store.insertUpload(
    kind,
    reference,
    req.attachment?.fileName ?? str(req.body.attachment),
    req.body.document ?? {},
    req.attachment?.body ?? Buffer.alloc(0),
    req.now,
  );
}

/** A pickup is answered from the document's example (identifiers echoed) and remembered by its confirmation code. */
async function pickupCreate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const reply = await fromExample(ctx, req);
  const output = obj(reply.body.output);
  const code = str(output.pickupConfirmationCode);
  if (reply.status < 300 && code) {
    await ctx.store.insertPickup(code, str(output.location) || null, req.body, req.now);
  }
  return reply;
}

// ── open shipments ───────────────────────────────────────────────────────────────────────────────

type OpenShipmentState = 'OPEN' | 'CONFIRMED' | 'DELETED';

interface OpenShipment {
  index: string;
  state: OpenShipmentState;
  requestedShipment: Json;
  packages: { trackingNumber: string; line: Json }[];
  createdAt: number;
  confirmedMaster?: string | undefined;
}

const openShipmentFromRow = (r: OpenShipmentRow): OpenShipment => ({
  index: r.open_index,
  state: r.state as OpenShipmentState,
  requestedShipment: JSON.parse(r.requested_shipment) as Json,
  packages: JSON.parse(r.packages) as OpenShipment['packages'],
  createdAt: Number(r.created_at),
  confirmedMaster: r.confirmed_master ?? undefined,
});

async function openShipmentOf(ctx: SimContext, body: Json, allowed: OpenShipmentState[]): Promise<OpenShipment> {
  const index = str(body.index);
  const row = await ctx.store.openShipment(index);
  const open = row && openShipmentFromRow(row);
  if (!open || open.state === 'DELETED') {
    throw carrierError(
      400,
      'OPENSHIPMENT.INDEX.NOTFOUND',
      `No open shipment with index ${index}. Please create it first.`,
    );
  }
  if (!allowed.includes(open.state)) throw openShipmentClosed(open);
  return open;
}

const openShipmentClosed = (open: OpenShipment) =>
  carrierError(
    400,
    `OPENSHIPMENT.${open.state}`,
    `The open shipment ${open.index} is ${open.state === 'CONFIRMED' ? 'already confirmed' : 'deleted'} and cannot be changed.`,
  );

/**
 * Saves an open shipment that was OPEN when read; when another call (on this instance or another)
 * confirmed or deleted it meanwhile, answers as if that had happened first.
 */
async function saveOpenShipment(ctx: SimContext, open: OpenShipment): Promise<void> {
  const saved = await ctx.store.updateOpenShipment(open.index, 'OPEN', {
    state: open.state,
    requested_shipment: JSON.stringify(open.requestedShipment),
    packages: JSON.stringify(open.packages),
    confirmed_master: open.confirmedMaster ?? null,
  });
  if (!saved) await openShipmentOf(ctx, { index: open.index }, []);
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
          shipDatestamp: str(rs.shipDatestamp) || today(req),
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
  const existing = await ctx.store.openShipment(index);
  if (existing && existing.state !== 'DELETED') {
    throw carrierError(400, 'OPENSHIPMENT.INDEX.EXISTS', `An open shipment with index ${index} already exists.`);
  }
  const rs = obj(req.body.requestedShipment);
  const lines = arr(rs.requestedPackageLineItems).map(obj);
  const numbers = await newTrackingNumbers(ctx, lines.length);
  const open: OpenShipment = {
    index,
    state: 'OPEN',
    requestedShipment: rs,
    packages: lines.map((line, i) => ({ trackingNumber: numbers[i]!, line })),
    createdAt: req.now,
  };
  await ctx.store.createOpenShipment({
    open_index: index,
    state: open.state,
    requested_shipment: JSON.stringify(rs),
    packages: JSON.stringify(open.packages),
    created_at: open.createdAt,
    confirmed_master: null,
  });
  return openReply(ctx, req, open);
}

async function openModify(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  open.requestedShipment = { ...open.requestedShipment, ...obj(req.body.requestedShipment) };
  await saveOpenShipment(ctx, open);
  return openReply(ctx, req, open);
}

async function openConfirm(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  if (open.packages.length === 0) {
    throw carrierError(
      400,
      'OPENSHIPMENT.PACKAGES.REQUIRED',
      `The open shipment ${open.index} has no package to confirm.`,
    );
  }
  const rs = { ...open.requestedShipment, requestedPackageLineItems: open.packages.map((p) => p.line) };
  await checkShipmentRules(ctx, req.body, rs);
  // Rated (and the lane checked) as create shipment is, before anything is stored.
  const rating = await shipmentRating(ctx.places, rs, today(req));
  const spec = obj(req.body.labelSpecification ?? open.requestedShipment.labelSpecification);
  const { shipment, pieces } = await makeShipment(
    ctx,
    req,
    open.requestedShipment,
    open.packages.map((p) => p.line),
    labelSpecOf(req.body, spec),
    open.packages.map((p) => p.trackingNumber),
  );
  await storeShipment(ctx, req, shipment, rating.promise, { ...req.body, requestedShipment: rs });
  open.state = 'CONFIRMED';
  open.confirmedMaster = open.packages[0]!.trackingNumber;
  await saveOpenShipment(ctx, open);
  const reply = openReply(ctx, req, open);
  const transaction = obj(arr(obj(reply.body.output).transactionShipments)[0]);
  transaction.pieceResponses = pieces.map((p, i) => ({ ...p, ...rating.piece(i) }));
  return reply;
}

async function openPackagesAdd(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  const lines = arr(req.body.requestedPackageLineItems).map(obj);
  const numbers = await newTrackingNumbers(ctx, lines.length);
  lines.forEach((line, i) => open.packages.push({ trackingNumber: numbers[i]!, line }));
  await saveOpenShipment(ctx, open);
  return openReply(ctx, req, open);
}

function packageIndex(open: OpenShipment, trackingId: unknown): number {
  const t = str(obj(trackingId).trackingNumber ?? trackingId);
  const i = open.packages.findIndex((p) => p.trackingNumber === t);
  if (i < 0)
    throw carrierError(400, 'OPENSHIPMENT.PACKAGE.NOTFOUND', `The open shipment ${open.index} has no package ${t}.`);
  return i;
}

async function openPackagesModify(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  const i = packageIndex(open, req.body.trackingId);
  open.packages[i]!.line = { ...open.packages[i]!.line, ...obj(req.body.requestedPackageLineItem) };
  await saveOpenShipment(ctx, open);
  return openReply(ctx, req, open);
}

async function openPackagesDelete(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  const drop = new Set(arr(req.body.trackingIds).map((t) => packageIndex(open, t)));
  open.packages = open.packages.filter((_, i) => !drop.has(i));
  await saveOpenShipment(ctx, open);
  return openReply(ctx, req, open);
}

async function openRetrieve(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN', 'CONFIRMED']);
  return openReply(ctx, req, open);
}

async function openDelete(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  open.state = 'DELETED';
  await saveOpenShipment(ctx, open);
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

/**
 * Async results (shipments, open shipments): the document's shape, with the ship date and the
 * documents' content keys computed — the twin runs every job at once, so a job's result is of today.
 */
async function resultsFromExample(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const reply = await fromExample(ctx, req);
  const jobId = str(req.body.jobId, 'job');
  for (const shipment of arr(obj(reply.body.output).transactionShipments).map(obj)) {
    shipment.shipDatestamp = today(req);
    const pieces = arr(shipment.pieceResponses).map(obj);
    const documents = [...arr(shipment.shipmentDocuments), ...pieces.flatMap((p) => arr(p.packageDocuments))];
    documents.map(obj).forEach((doc, i) => {
      if ('contentKey' in doc) doc.contentKey = `${jobId}-${str(doc.trackingNumber, 'document')}-${i + 1}`;
    });
  }
  return reply;
}

export type Behaviour = (ctx: SimContext, req: SimRequest) => Promise<SimReply>;

/** What each catalogue entry does; entries not listed answer the document's example with identifiers echoed. */
export const BEHAVIOURS: Record<string, Behaviour> = {
  'ship-create': createShipment,
  'ship-cancel': cancelShipment,
  'track-tracking-numbers': trackNumbers,
  locations,
  'postal-validate': postalValidate,
  'rate-quotes': rateQuotes,
  'package-and-service-options': packageAndServiceOptions,
  'special-service-options': specialServiceOptions,
  'ship-results': resultsFromExample,
  'open-ship-results': resultsFromExample,
  'account-validate': accountValidate,
  'etd-upload': etdUpload,
  'image-upload': imageUpload,
  'pickup-create': pickupCreate,
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
