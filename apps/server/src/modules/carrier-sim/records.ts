import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CarrierSimPickupTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Tables whose oldest rows go first once they hold more than SIM_MAX_SHIPMENTS (by `id`). */
type RetainedTable =
  | 'carrier_sim_shipments'
  | 'carrier_sim_open_shipments'
  | 'carrier_sim_pickups'
  | 'carrier_sim_uploads'
  | 'carrier_sim_jobs';

/** Keeps the newest `keep` rows of a table by id; returns how many went. */
export async function keepNewest(db: Db, table: RetainedTable, keep: number): Promise<number> {
  const cutoff = await sql<{ id: number }>`
    select id from ${sql.table(table)} order by id desc limit 1 offset ${keep}`.execute(db);
  const id = cutoff.rows[0]?.id;
  if (id === undefined) return 0;
  const removed = await sql`delete from ${sql.table(table)} where id <= ${id}`.execute(db);
  return Number(removed.numAffectedRows ?? 0);
}

export type PickupRow = Selectable<CarrierSimPickupTable>;

export interface NewPickup {
  kind: 'pickup' | 'tag';
  environment: string;
  confirmationCode: string;
  location: string;
  pickupDate: string;
  /** The request that asked for it, and for a tag the tracking number it carries. */
  request: unknown;
  now: number;
}

/**
 * The twin's pickups (scheduled by create pickup, or dispatched by a return tag) and its async jobs,
 * kept like the shipments: the newest `maxRows` of each.
 */
export class TwinRecords {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxRows: number,
  ) {}

  async insertPickup(p: NewPickup): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('carrier_sim_pickups')
        .values({
          kind: p.kind,
          environment: p.environment,
          confirmation_code: p.confirmationCode,
          location: p.location,
          pickup_date: p.pickupDate,
          request: JSON.stringify(p.request),
          created_at: p.now,
        })
        .execute();
      await keepNewest(trx, 'carrier_sim_pickups', this.maxRows);
    });
  }

  /** The newest pickup of a kind with this confirmation code in an environment. */
  async pickup(kind: 'pickup' | 'tag', environment: string, code: string): Promise<PickupRow | undefined> {
    return this.db
      .selectFrom('carrier_sim_pickups')
      .selectAll()
      .where('kind', '=', kind)
      .where('environment', '=', environment)
      .where('confirmation_code', '=', code)
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** How many pickups of an environment exist (confirmation codes count up from it). */
  async pickupCount(environment: string): Promise<number> {
    const row = await this.db
      .selectFrom('carrier_sim_pickups')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('environment', '=', environment)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks a pickup cancelled once: false when it already was. */
  async cancelPickup(id: number, now: number): Promise<boolean> {
    const r = await this.db
      .updateTable('carrier_sim_pickups')
      .set({ cancelled_at: now })
      .where('id', '=', id)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async insertJob(jobId: string, environment: string, kind: string, output: unknown, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('carrier_sim_jobs')
        .values({ job_id: jobId, environment, kind, output: JSON.stringify(output), created_at: now })
        .execute();
      await keepNewest(trx, 'carrier_sim_jobs', this.maxRows);
    });
  }

  async jobTaken(jobId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('carrier_sim_jobs')
      .select('id')
      .where('job_id', '=', jobId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A job's kind and output, when the job exists in this environment. */
  async job(jobId: string, environment: string): Promise<{ kind: string; output: unknown } | undefined> {
    const row = await this.db
      .selectFrom('carrier_sim_jobs')
      .select(['kind', 'output'])
      .where('job_id', '=', jobId)
      .where('environment', '=', environment)
      .executeTakeFirst();
    return row && { kind: row.kind, output: JSON.parse(row.output) as unknown };
  }
}
