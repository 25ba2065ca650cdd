/**
 * Open shipments (`/ship/v1/openshipments/…`): a state machine per `index` — create (OPEN) → modify,
 * packages add/modify/delete → confirm (labels, CONFIRMED) or delete (DELETED); retrieve.
 */
import { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '@lab/core/json';
import { carrierError } from '../errors.js';
import { labelSpecOf } from '../labelData.js';
import { shipmentRating } from '../rateReplies.js';
import type { OpenShipmentRow } from '../repo.js';
import { serviceName } from '../tariff/services.js';
import { envelope, today, type SimContext, type SimReply, type SimRequest } from './context.js';
import { withJob } from './jobs.js';
import { checkShipmentRules, makeShipment, newTrackingNumbers, storeShipment } from './shipment.js';

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

export async function openCreate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
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
  return withJob(ctx, req, 'CREATE', openReply(ctx, req, open));
}

export async function openModify(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  open.requestedShipment = { ...open.requestedShipment, ...obj(req.body.requestedShipment) };
  await saveOpenShipment(ctx, open);
  return withJob(ctx, req, 'MODIFY', openReply(ctx, req, open));
}

export async function openConfirm(ctx: SimContext, req: SimRequest): Promise<SimReply> {
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
  return withJob(ctx, req, 'CONFIRM', reply);
}

export async function openPackagesAdd(ctx: SimContext, req: SimRequest): Promise<SimReply> {
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

export async function openPackagesModify(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  const i = packageIndex(open, req.body.trackingId);
  open.packages[i]!.line = { ...open.packages[i]!.line, ...obj(req.body.requestedPackageLineItem) };
  await saveOpenShipment(ctx, open);
  return openReply(ctx, req, open);
}

export async function openPackagesDelete(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  const drop = new Set(arr(req.body.trackingIds).map((t) => packageIndex(open, t)));
  open.packages = open.packages.filter((_, i) => !drop.has(i));
  await saveOpenShipment(ctx, open);
  return openReply(ctx, req, open);
}

export async function openRetrieve(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN', 'CONFIRMED']);
  return openReply(ctx, req, open);
}

export async function openDelete(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const open = await openShipmentOf(ctx, req.body, ['OPEN']);
  open.state = 'DELETED';
  await saveOpenShipment(ctx, open);
  return { status: 200, body: envelope(ctx, req, { index: open.index, message: 'Open shipment is deleted' }) };
}
