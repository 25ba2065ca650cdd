import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { PrintJobTable, PrintLogTable, PrintReceiverTable } from './tables.js';
import { keepNewestRows } from '../../db/retention.js';

export type PrintJobRow = Selectable<PrintJobTable>;
export type PrintLogRowDb = Selectable<PrintLogTable>;

/** Kept per listen id in the log; older rows are removed as new ones arrive. */
export const LOG_RETENTION_PER_LISTEN_ID = 200;
/** `announced_to` of a job announced on the topic to the receivers counted when it was sent. */
export const ANNOUNCED_ON_TOPIC = '*';

/** Kysely queries of the relay; the same on SQLite and PostgreSQL. */
export class PrintRelayRepo {
  constructor(private readonly db: Db) {}

  /** Counts one request in its bucket and answers the bucket's count (one statement: no lost updates). */
  async hit(bucket: string, windowEnd: string): Promise<number> {
    const row = await this.db.kysely
      .insertInto('print_relay_hits')
      .values({ bucket, hits: 1, window_end: windowEnd })
      .onConflict((oc) => oc.column('bucket').doUpdateSet((eb) => ({ hits: eb('print_relay_hits.hits', '+', 1) })))
      .returning('hits')
      .executeTakeFirstOrThrow();
    const hits = Number(row.hits);
    if (hits === 1) await this.db.kysely.deleteFrom('print_relay_hits').where('window_end', '<', windowEnd).execute();
    return hits;
  }

  async addListener(listenId: string, created: string): Promise<void> {
    await this.db.kysely.insertInto('print_listeners').values({ listen_id: listenId, created }).execute();
  }

  async hasListener(listenId: string): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('print_listeners')
      .select('listen_id')
      .where('listen_id', '=', listenId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertJob(row: Insertable<PrintJobTable>): Promise<void> {
    await this.db.kysely.insertInto('print_jobs').values(row).execute();
  }

  async getJob(listenId: string, taskId: string): Promise<PrintJobRow | undefined> {
    return this.db.kysely
      .selectFrom('print_jobs')
      .selectAll()
      .where('remote_id', '=', listenId)
      .where('task_id', '=', taskId)
      .executeTakeFirst();
  }

  /** Removes jobs whose time is up; returns how many. */
  async deleteExpired(now: string): Promise<number> {
    const r = await this.db.kysely.deleteFrom('print_jobs').where('expires_at', '<=', now).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async insertLog(row: Insertable<PrintLogTable>): Promise<number> {
    const { id } = await this.db.kysely.insertInto('print_logs').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  /** The newest `size` log rows of a listen id, newest first. */
  async history(listenId: string, size: number): Promise<PrintLogRowDb[]> {
    return this.db.kysely
      .selectFrom('print_logs')
      .selectAll()
      .where('remote_id', '=', listenId)
      .orderBy('id', 'desc')
      .limit(size)
      .execute();
  }

  /** Keeps the newest `keep` log rows of a listen id. */
  pruneLogs(listenId: string, keep: number): Promise<number> {
    return keepNewestRows(this.db.kysely, 'print_logs', 'remote_id', listenId, keep);
  }

  /**
   * Marks the job announced unless it already was: true for the one caller that marked it (one
   * conditional UPDATE, so two instances never both announce a job).
   */
  async claimJob(taskId: string, at: string, to: string): Promise<boolean> {
    const rows = await this.db.kysely
      .updateTable('print_jobs')
      .set({ announced_at: at, announced_to: to })
      .where('task_id', '=', taskId)
      .where('announced_at', 'is', null)
      .returning('task_id')
      .execute();
    return rows.length === 1;
  }

  /**
   * Marks every pending unexpired job of the listen id announced to `to`, and answers them, oldest
   * first. Pending: never announced, or announced on the topic but written to no receiver (the
   * receivers counted then were gone: their instance was killed before their lease lapsed).
   */
  async claimPending(listenId: string, at: string, to: string): Promise<PrintJobRow[]> {
    const rows = await this.db.kysely
      .updateTable('print_jobs')
      .set({ announced_at: at, announced_to: to })
      .where('remote_id', '=', listenId)
      .where((eb) =>
        eb.or([
          eb('announced_at', 'is', null),
          eb.and([eb('announced_to', '=', ANNOUNCED_ON_TOPIC), eb('written_at', 'is', null)]),
        ]),
      )
      .where('expires_at', '>', at)
      .returningAll()
      .execute();
    return rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** These jobs were written to a receiver's stream (the first time counts). */
  async written(taskIds: string[], at: string): Promise<void> {
    if (taskIds.length === 0) return;
    await this.db.kysely
      .updateTable('print_jobs')
      .set({ written_at: at })
      .where('task_id', 'in', taskIds)
      .where('written_at', 'is', null)
      .execute();
  }

  /** Makes jobs given to a receiver that left before they were written to it pending again. */
  async releaseJobs(taskIds: string[], to: string): Promise<void> {
    if (taskIds.length === 0) return;
    await this.db.kysely
      .updateTable('print_jobs')
      .set({ announced_at: null, announced_to: null })
      .where('task_id', 'in', taskIds)
      .where('announced_to', '=', to)
      .where('written_at', 'is', null)
      .execute();
  }

  /** The newest `size` unexpired jobs of a listen id, newest first. */
  async jobs(listenId: string, now: string, size: number): Promise<PrintJobRow[]> {
    return this.db.kysely
      .selectFrom('print_jobs')
      .selectAll()
      .where('remote_id', '=', listenId)
      .where('expires_at', '>', now)
      .orderBy('id', 'desc')
      .limit(size)
      .execute();
  }

  /** Receivers' log rows of these jobs (task id, printed or not); not the relay's own rows. */
  async resultsOf(
    listenId: string,
    taskIds: string[],
    relayNodeId: string,
  ): Promise<{ task_id: string; is_printed: number }[]> {
    if (taskIds.length === 0) return [];
    return this.db.kysely
      .selectFrom('print_logs')
      .select(['task_id', 'is_printed'])
      .where('remote_id', '=', listenId)
      .where('node_id', '<>', relayNodeId)
      .where('task_id', 'in', taskIds)
      .execute();
  }

  async addReceiver(row: Insertable<PrintReceiverTable>): Promise<number> {
    const { id } = await this.db.kysely
      .insertInto('print_receivers')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(id);
  }

  /** Extends the leases of these receivers (the streams an instance holds open). */
  async renewReceivers(ids: number[], leaseUntil: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.kysely
      .updateTable('print_receivers')
      .set({ lease_until: leaseUntil })
      .where('id', 'in', ids)
      .execute();
  }

  async removeReceiver(id: number): Promise<void> {
    await this.db.kysely.deleteFrom('print_receivers').where('id', '=', id).execute();
  }

  /** Receivers of the listen id whose lease runs at `now`, on every instance; lapsed rows are removed. */
  async countReceivers(listenId: string, now: string): Promise<number> {
    await this.db.kysely.deleteFrom('print_receivers').where('lease_until', '<=', now).execute();
    const row = await this.db.kysely
      .selectFrom('print_receivers')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('listen_id', '=', listenId)
      .where('lease_until', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
