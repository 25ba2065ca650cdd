import type { Generated } from 'kysely';

declare module '../../db/schema.js' {
  interface Database {
    carrier_sim_shipments: CarrierSimShipmentTable;
    carrier_sim_pieces: CarrierSimPieceTable;
    carrier_sim_shipment_documents: CarrierSimShipmentDocumentTable;
    carrier_sim_scan_events: CarrierSimScanEventTable;
    carrier_sim_open_shipments: CarrierSimOpenShipmentTable;
    carrier_sim_pickups: CarrierSimPickupTable;
    carrier_sim_uploads: CarrierSimUploadTable;
    carrier_sim_jobs: CarrierSimJobTable;
    carrier_sim_references: CarrierSimReferenceTable;
  }
}

/**
 * Times are ms since the epoch on the simulator's clock (bigint: PostgreSQL answers them as
 * strings, so readers go through Number()). JSON columns are text.
 */
type Ms = number | string;

/** A created shipment; its pieces, documents and scan events go with it (ON DELETE CASCADE). */
export interface CarrierSimShipmentTable {
  id: Generated<number>;
  master_tracking_number: string;
  created_at: Ms;
  cancelled_at: Ms | null;
  service_type: string;
  ship_date: string;
  /** JSON: SimParty. */
  shipper: string;
  /** JSON: SimParty. */
  recipient: string;
  /** sandbox or production: whose simulated clock the shipment follows. */
  environment: Generated<string>;
  /** The scenario its plan follows (SIM_SCENARIOS). */
  scenario: Generated<string>;
  /** JSON: the plan's inputs (lifecycle.ts PlanInput), to replan on a scenario change. */
  lifecycle: Generated<string>;
  /** When a Ground End of Day Close took it (null: not closed; Express shipments are never closed). */
  ground_closed_at?: Ms | null;
  /** JSON: what track replies read of the request (trackDetails.ts ShipmentDetails). */
  details: Generated<string>;
  /** JSON: the notifications registered for the shipment (trackNotifications.ts). */
  notifications: Generated<string>;
}

/** A customer reference of a shipment (package or shipment level), by value: track by reference and by TCN. */
export interface CarrierSimReferenceTable {
  id: Generated<number>;
  shipment_id: number;
  /** The ship document's customerReferenceType (CUSTOMER_REFERENCE, P_O_NUMBER, …). */
  type: string;
  value: string;
}

/** One package of a shipment with its label as served (PDF/PNG bytes or the ZPL program). */
export interface CarrierSimPieceTable {
  tracking_number: string;
  shipment_id: number;
  sequence: number;
  label_content_type: string;
  /** pdf, png or zpl: the extension of the label's URL. */
  label_ext: string;
  label: Buffer;
}

/** A shipment-level document (the commercial invoice), served at `<master>-<kind>.<ext>`. */
export interface CarrierSimShipmentDocumentTable {
  shipment_id: number;
  kind: string;
  content_type: string;
  ext: string;
  body: Buffer;
}

/**
 * A scan event of a shipment, planned when the shipment is created (or cancelled) with the time it
 * becomes due; tracking shows the events due by now.
 */
export interface CarrierSimScanEventTable {
  id: Generated<number>;
  shipment_id: number;
  due_at: Ms;
  event_type: string;
  description: string;
  derived_code: string;
  derived_status: string;
  /** JSON: the scan location. */
  location: string;
  /** The track document's ScanEvent.locationType. */
  location_type: string | null;
  exception_code: string | null;
  exception_description: string | null;
  /** 1 once the event was handed to the webhooks (webhookSender.enqueue). */
  released: Generated<number>;
}

/** An open shipment (its `index`, named open_index: index is an SQL keyword). */
export interface CarrierSimOpenShipmentTable {
  id: Generated<number>;
  open_index: string;
  state: string;
  /** JSON: the requestedShipment as created and modified. */
  requested_shipment: string;
  /** JSON: [{trackingNumber, line}]. */
  packages: string;
  created_at: Ms;
  confirmed_master: string | null;
}

/** A scheduled pickup: its confirmation code and the request that asked for it. */
export interface CarrierSimPickupTable {
  id: Generated<number>;
  confirmation_code: string;
  location: string | null;
  /** JSON: the pickup request. */
  request: string;
  created_at: Ms;
  cancelled_at: Ms | null;
  /** `pickup` (create pickup) or `tag` (the driver a return tag dispatches). */
  kind: Generated<string>;
  environment: Generated<string>;
  /** The day the driver comes (YYYY-MM-DD, the pickup address's local date); null for rows before 0140. */
  pickup_date: string | null;
}

/** A trade document (ETD) or an image (letterhead, signature) uploaded to the documents host. */
export interface CarrierSimUploadTable {
  id: Generated<number>;
  /** etd or image. */
  kind: string;
  /** The docId answered (etd) or the documentReferenceId (image). */
  reference: string;
  file_name: string;
  /** JSON: the multipart `document` field. */
  document: string;
  body: Buffer;
  created_at: Ms;
}

/** An async job (create shipment, open shipment create/modify/confirm): its result, answered by the results endpoints. */
export interface CarrierSimJobTable {
  id: Generated<number>;
  job_id: string;
  environment: string;
  /** `ship`, or the open shipment's `CREATE`, `MODIFY`, `CONFIRM` (the results request's resultMethodType). */
  kind: string;
  /** JSON: the reply's output the job produced. */
  output: string;
  created_at: Ms;
}
