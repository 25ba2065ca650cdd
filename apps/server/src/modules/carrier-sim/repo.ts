import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { keepNewest, TwinRecords } from './records.js';
import type {
  CarrierSimOpenShipmentTable,
  CarrierSimPieceTable,
  CarrierSimScanEventTable,
  CarrierSimShipmentDocumentTable,
  CarrierSimShipmentTable,
} from './tables.js';

export type ShipmentRow = Selectable<CarrierSimShipmentTable>;
export type ScanEventRow = Selectable<CarrierSimScanEventTable>;
export type OpenShipmentRow = Selectable<CarrierSimOpenShipmentTable>;
export type NewPiece = Omit<Insertable<CarrierSimPieceTable>, 'shipment_id'>;
export type NewShipmentDocument = Omit<Insertable<CarrierSimShipmentDocumentTable>, 'shipment_id'>;
export type NewScanEvent = Omit<Insertable<CarrierSimScanEventTable>, 'shipment_id' | 'id'>;

const ms = (v: number | string | null) => (v === null ? null : Number(v));

const shipmentRow = (row: ShipmentRow): ShipmentRow => ({
  ...row,
  id: Number(row.id),
  created_at: ms(row.created_at)!,
  cancelled_at: ms(row.cancelled_at),
});

/**
 * The carrier simulator's state in the app database (SQLite or PostgreSQL alike): every instance
 * on one database sees the same shipments, and they survive a restart. Retention keeps the newest
 * `maxShipments` shipments (with their pieces, documents and scan events), open shipments,
 * pickups and uploads.
 */
export class SimStore {
  /** Pickups, return tags and async jobs. */
  readonly records: TwinRecords;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxShipments: number,
  ) {
    this.records = new TwinRecords(db, maxShipments);
  }

  /** Which of these tracking numbers a piece (of a created shipment) already carries. */
  async takenTrackingNumbers(trackingNumbers: string[]): Promise<Set<string>> {
    if (trackingNumbers.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('carrier_sim_pieces')
      .select('tracking_number')
      .where('tracking_number', 'in', trackingNumbers)
      .execute();
    return new Set(rows.map((r) => r.tracking_number));
  }

  /**
   * Writes a shipment with its pieces, documents and planned scan events in one transaction, then
   * forgets the oldest shipments beyond the limit. `stillWanted` is asked inside the transaction,
   * before anything is written: when it says no (the caller hung up), nothing is stored.
   */
  async insertShipment(
    shipment: Insertable<CarrierSimShipmentTable>,
    pieces: NewPiece[],
    documents: NewShipmentDocument[],
    events: NewScanEvent[],
    stillWanted: () => boolean = () => true,
    references: { type: string; value: string }[] = [],
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (!stillWanted()) return false;
      const { id } = await trx
        .insertInto('carrier_sim_shipments')
        .values(shipment)
        .returning('id')
        .executeTakeFirstOrThrow();
      const shipmentId = Number(id);
      await trx
        .insertInto('carrier_sim_pieces')
        .values(pieces.map((p) => ({ ...p, shipment_id: shipmentId })))
        .execute();
      if (documents.length > 0) {
        await trx
          .insertInto('carrier_sim_shipment_documents')
          .values(documents.map((d) => ({ ...d, shipment_id: shipmentId })))
          .execute();
      }
      if (events.length > 0) {
        await trx
          .insertInto('carrier_sim_scan_events')
          .values(events.map((e) => ({ ...e, shipment_id: shipmentId })))
          .execute();
      }
      if (references.length > 0) {
        await trx
          .insertInto('carrier_sim_references')
          .values(references.map((r) => ({ ...r, shipment_id: shipmentId })))
          .execute();
      }
      await keepNewest(trx, 'carrier_sim_shipments', this.maxShipments);
      return true;
    });
  }

  /** The shipment a tracking number (master or any piece) belongs to. */
  async shipmentOf(trackingNumber: string): Promise<ShipmentRow | undefined> {
    const row = await this.db
      .selectFrom('carrier_sim_pieces as p')
      .innerJoin('carrier_sim_shipments as s', 's.id', 'p.shipment_id')
      .selectAll('s')
      .where('p.tracking_number', '=', trackingNumber)
      .executeTakeFirst();
    return row && shipmentRow(row);
  }

  /**
   * The shipments of an environment carrying a reference of this value (of `type` when given),
   * shipped between two dates (YYYY-MM-DD, either end open), newest first.
   */
  async shipmentsByReference(
    environment: string,
    value: string,
    options: { type?: string | undefined; from?: string | undefined; to?: string | undefined } = {},
  ): Promise<ShipmentRow[]> {
    let q = this.db
      .selectFrom('carrier_sim_shipments as s')
      .selectAll('s')
      .where('s.environment', '=', environment)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('carrier_sim_references as r')
            .select('r.id')
            .whereRef('r.shipment_id', '=', 's.id')
            .where('r.value', '=', value)
            .$if(options.type !== undefined, (sub) => sub.where('r.type', '=', options.type!)),
        ),
      );
    if (options.from) q = q.where('s.ship_date', '>=', options.from);
    if (options.to) q = q.where('s.ship_date', '<=', options.to);
    const rows = await q.orderBy('s.id', 'desc').limit(30).execute();
    return rows.map(shipmentRow);
  }

  /** Saves the notifications registered for a shipment (JSON). */
  async setNotifications(shipmentId: number, notifications: string): Promise<void> {
    await this.db.updateTable('carrier_sim_shipments').set({ notifications }).where('id', '=', shipmentId).execute();
  }

  /** The tracking numbers of a shipment's pieces, master first. */
  async pieces(shipmentId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('carrier_sim_pieces')
      .select('tracking_number')
      .where('shipment_id', '=', shipmentId)
      .orderBy('sequence')
      .execute();
    return rows.map((r) => r.tracking_number);
  }

  /** Every scan event of a shipment, due or not, in order (due time, then id). */
  async scanEvents(shipmentId: number): Promise<ScanEventRow[]> {
    return this.db
      .selectFrom('carrier_sim_scan_events')
      .selectAll()
      .where('shipment_id', '=', shipmentId)
      .orderBy('due_at')
      .orderBy('id')
      .execute();
  }

  /** The pieces (master first) and every scan event (in order) of several shipments, by shipment id, in two queries. */
  async details(shipmentIds: number[]): Promise<Map<number, { pieces: string[]; events: ScanEventRow[] }>> {
    const out = new Map(shipmentIds.map((id) => [id, { pieces: [] as string[], events: [] as ScanEventRow[] }]));
    if (shipmentIds.length === 0) return out;
    const [pieces, events] = await Promise.all([
      this.db
        .selectFrom('carrier_sim_pieces')
        .select(['shipment_id', 'tracking_number'])
        .where('shipment_id', 'in', shipmentIds)
        .orderBy('shipment_id')
        .orderBy('sequence')
        .execute(),
      this.db
        .selectFrom('carrier_sim_scan_events')
        .selectAll()
        .where('shipment_id', 'in', shipmentIds)
        .orderBy('due_at')
        .orderBy('id')
        .execute(),
    ]);
    for (const p of pieces) out.get(Number(p.shipment_id))?.pieces.push(p.tracking_number);
    for (const e of events) out.get(Number(e.shipment_id))?.events.push(e);
    return out;
  }

  /** The newest shipments of an environment (by id), with their pieces. */
  async listShipments(environment: string, limit: number): Promise<ShipmentRow[]> {
    const rows = await this.db
      .selectFrom('carrier_sim_shipments')
      .selectAll()
      .where('environment', '=', environment)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(shipmentRow);
  }

  /**
   * A new scenario for a shipment not cancelled: its events not yet due (by `now`) replaced by
   * `events`, in one transaction; false when the shipment was cancelled meanwhile.
   */
  async replan(shipmentId: number, scenario: string, now: number, events: NewScanEvent[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('carrier_sim_shipments')
        .set({ scenario })
        .where('id', '=', shipmentId)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      await dropUndueScans(trx, shipmentId, now);
      if (events.length > 0) {
        await trx
          .insertInto('carrier_sim_scan_events')
          .values(events.map((e) => ({ ...e, shipment_id: shipmentId })))
          .execute();
      }
      return true;
    });
  }

  /** Scan events of an environment due by `now` and not yet released, in order (due time, id). */
  async dueUnreleased(environment: string, now: number, limit: number): Promise<ScanEventRow[]> {
    return this.db
      .selectFrom('carrier_sim_scan_events as e')
      .innerJoin('carrier_sim_shipments as s', 's.id', 'e.shipment_id')
      .selectAll('e')
      .where('e.released', '=', 0)
      .where('e.due_at', '<=', now)
      .where('s.environment', '=', environment)
      .orderBy('e.due_at')
      .orderBy('e.id')
      .limit(limit)
      .execute();
  }

  /** Marks scan events released (handed to the webhooks). */
  async markReleased(ids: number[]): Promise<void> {
    for (let i = 0; i < ids.length; i += 500) {
      await this.db
        .updateTable('carrier_sim_scan_events')
        .set({ released: 1 })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }

  /** Shipments by id (those still kept). */
  async shipmentsById(ids: number[]): Promise<ShipmentRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('carrier_sim_shipments').selectAll().where('id', 'in', ids).execute();
    return rows.map(shipmentRow);
  }

  /** The scan events of a shipment due by `now`, newest first. */
  async dueScanEvents(shipmentId: number, now: number): Promise<ScanEventRow[]> {
    return this.db
      .selectFrom('carrier_sim_scan_events')
      .selectAll()
      .where('shipment_id', '=', shipmentId)
      .where('due_at', '<=', now)
      .orderBy('due_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  /**
   * Marks a shipment cancelled and plans its cancellation scan, once: false when it was already
   * cancelled (by this instance or another one on the same database).
   */
  async cancel(shipmentId: number, now: number, event: NewScanEvent): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('carrier_sim_shipments')
        .set({ cancelled_at: now })
        .where('id', '=', shipmentId)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) === 0) return false;
      // A cancelled shipment goes no further: its planned scans not yet due are dropped.
      await dropUndueScans(trx, shipmentId, now);
      await trx
        .insertInto('carrier_sim_scan_events')
        .values({ ...event, shipment_id: shipmentId })
        .execute();
      return true;
    });
  }

  /** A package label by tracking number. */
  /**
   * Ground End of Day Close: the environment's shipments of `shipDate` with one of `serviceTypes`,
   * not cancelled and not yet closed, marked closed at `now` in one transaction; oldest first.
   */
  async closeGround(
    environment: string,
    shipDate: string,
    serviceTypes: string[],
    now: number,
  ): Promise<{ id: number; master: string; serviceType: string }[]> {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('carrier_sim_shipments')
        .select(['id', 'master_tracking_number', 'service_type'])
        .where('environment', '=', environment)
        .where('ship_date', '=', shipDate)
        .where('service_type', 'in', serviceTypes)
        .where('cancelled_at', 'is', null)
        .where('ground_closed_at', 'is', null)
        .orderBy('id')
        .execute();
      const ids = rows.map((r) => Number(r.id));
      if (ids.length > 0) {
        await trx.updateTable('carrier_sim_shipments').set({ ground_closed_at: now }).where('id', 'in', ids).execute();
      }
      return rows.map((r) => ({ id: Number(r.id), master: r.master_tracking_number, serviceType: r.service_type }));
    });
  }

  async label(trackingNumber: string): Promise<{ contentType: string; ext: string; body: Buffer } | undefined> {
    const row = await this.db
      .selectFrom('carrier_sim_pieces')
      .select(['label_content_type', 'label_ext', 'label'])
      .where('tracking_number', '=', trackingNumber)
      .executeTakeFirst();
    return row && { contentType: row.label_content_type, ext: row.label_ext, body: Buffer.from(row.label) };
  }

  /** A shipment document (`kind`: invoice) by the shipment's master tracking number. */
  async shipmentDocument(
    master: string,
    kind: string,
  ): Promise<{ contentType: string; ext: string; body: Buffer } | undefined> {
    const row = await this.db
      .selectFrom('carrier_sim_shipment_documents as d')
      .innerJoin('carrier_sim_shipments as s', 's.id', 'd.shipment_id')
      .select(['d.content_type', 'd.ext', 'd.body'])
      .where('s.master_tracking_number', '=', master)
      .where('d.kind', '=', kind)
      .executeTakeFirst();
    return row && { contentType: row.content_type, ext: row.ext, body: Buffer.from(row.body) };
  }

  // ── open shipments ──

  async openShipment(index: string): Promise<OpenShipmentRow | undefined> {
    return this.db
      .selectFrom('carrier_sim_open_shipments')
      .selectAll()
      .where('open_index', '=', index)
      .executeTakeFirst();
  }

  /** Creates an open shipment, or reuses the row of a deleted one with the same index. */
  async createOpenShipment(row: Insertable<CarrierSimOpenShipmentTable>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('carrier_sim_open_shipments')
        .where('open_index', '=', row.open_index)
        .where('state', '=', 'DELETED')
        .execute();
      await trx.insertInto('carrier_sim_open_shipments').values(row).execute();
      await keepNewest(trx, 'carrier_sim_open_shipments', this.maxShipments);
    });
  }

  /**
   * Saves an open shipment's new state if it is still in `expected` (another instance may have
   * moved it meanwhile): false when it was not.
   */
  async updateOpenShipment(
    index: string,
    expected: string,
    changes: Partial<Pick<OpenShipmentRow, 'state' | 'requested_shipment' | 'packages' | 'confirmed_master'>>,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('carrier_sim_open_shipments')
      .set(changes)
      .where('open_index', '=', index)
      .where('state', '=', expected)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  // ── uploads ──

  async insertUpload(
    kind: 'etd' | 'image',
    reference: string,
    fileName: string,
    document: unknown,
    body: Buffer,
    now: number,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('carrier_sim_uploads')
        .values({ kind, reference, file_name: fileName, document: JSON.stringify(document), body, created_at: now })
        .execute();
      await keepNewest(trx, 'carrier_sim_uploads', this.maxShipments);
    });
  }
}

/** Drops a shipment's planned scans the clock has not reached (a cancel or a new scenario replaces them). */
async function dropUndueScans(trx: Transaction<Database>, shipmentId: number, now: number): Promise<void> {
  await trx
    .deleteFrom('carrier_sim_scan_events')
    .where('shipment_id', '=', shipmentId)
    .where('due_at', '>', now)
    .execute();
}
