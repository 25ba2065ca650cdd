import { sql, type Kysely } from 'kysely';
import type { TrafficEntry } from '@lab/core/contract';
import type { Database } from '../../db/schema.js';
import './tables.js';

/** Writes between two trims of the table (reads trim first, so what is read is always within bounds). */
const TRIM_EVERY = 32;

/**
 * The traffic log's table, bounded like the ring it replaced: at most `maxEntries` entries and
 * `maxBytes` bytes; past either bound the oldest go (an entry alone past the byte bound too).
 * The trim (a window over the whole table) runs every `TRIM_EVERY` writes of this process and
 * before every read, not after each write: it had cost 1.6 ms of CPU per logged call, more than
 * the twin's own work on a track call. So reads see exactly the bounded log, and the table holds
 * at most `TRIM_EVERY` entries per instance past the bounds between trims.
 */
export class TrafficStore {
  private writesSinceTrim = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly maxEntries: number,
    readonly maxBytes: number,
  ) {}

  /** Stores an entry and drops what passed a bound; the id it was given. */
  async add(entry: Omit<TrafficEntry, 'id'>, bytes: number): Promise<string> {
    const row = await this.db
      .insertInto('traffic_entries')
      .values({ bytes, entry: JSON.stringify(entry) })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (++this.writesSinceTrim >= TRIM_EVERY) await this.trim();
    return String(row.id);
  }

  /** Deletes every entry at or below the newest one past a bound (running totals from the newest). */
  private async trim(): Promise<void> {
    this.writesSinceTrim = 0;
    await sql`
      delete from traffic_entries where id <= (
        select id from (
          select id, sum(bytes) over (order by id desc) as running, row_number() over (order by id desc) as n
          from traffic_entries
        ) ranked
        where running > ${this.maxBytes} or n > ${this.maxEntries}
        order by id desc limit 1
      )`.execute(this.db);
  }

  /** Up to `limit` entries, newest first. */
  async newest(limit: number): Promise<TrafficEntry[]> {
    await this.trim();
    const rows = await this.db
      .selectFrom('traffic_entries')
      .select(['id', 'entry'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ id: String(r.id), ...(JSON.parse(r.entry) as Omit<TrafficEntry, 'id'>) }));
  }

  async size(): Promise<number> {
    await this.trim();
    const row = await this.db
      .selectFrom('traffic_entries')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Empties the log; how many entries went. */
  async clear(): Promise<number> {
    const result = await this.db.deleteFrom('traffic_entries').executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
