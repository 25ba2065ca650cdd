/**
 * Endpoints the twin does not model: the document's example reply (built from the response schema),
 * with the request's identifiers echoed into it.
 */
import type { JsonObject as Json } from '@lab/core/json';
import type { SimContext, SimReply, SimRequest } from './context.js';

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

export async function fromExample(ctx: SimContext, req: SimRequest): Promise<SimReply> {
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
