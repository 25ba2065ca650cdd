import type { CarrierEndpoint } from '@lab/core/carrier';
import type { JsonObject } from '@lab/core/json';
import type { LabServices } from '../../../module.js';
import type { SimLabelRenderer } from '../labels.js';
import type { SimStore } from '../repo.js';
import type { SimEnvironment, SimState } from '../state.js';

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
  /**
   * The dates (YYYY-MM-DD) the operation's documented example requests carry: the twin accepts
   * them as ship dates whatever its clock says (shipDates.ts).
   */
  documentedDates?: ReadonlySet<string> | undefined;
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

/** What one catalogue entry does with a request. */
export type Behaviour = (ctx: SimContext, req: SimRequest) => Promise<SimReply>;

/** The carrier's reply envelope: a fresh transaction id, the caller's customer transaction id, the output. */
export function envelope(ctx: SimContext, req: SimRequest, output: JsonObject): JsonObject {
  return {
    transactionId: ctx.state.uuid(),
    ...(req.customerTransactionId ? { customerTransactionId: req.customerTransactionId } : {}),
    output,
  };
}

/** The simulated date of the request's environment (YYYY-MM-DD). */
export const today = (req: SimRequest) => new Date(req.now).toISOString().slice(0, 10);
