import { createHash } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { StratusLabelTable, StratusOrderTable } from './tables.js';

export type StratusOrderRow = Selectable<StratusOrderTable>;
export type StratusLabelRow = Selectable<StratusLabelTable>;

/** Kysely queries of the Stratus simulator; the same on SQLite and PostgreSQL. */
export class StratusOrderRepo {
  constructor(private readonly db: Db) {}

  /** An order and its labels, in one transaction; then the oldest orders past `keep` go. */
  async insert(
    order: Insertable<StratusOrderTable>,
    labels: Insertable<StratusLabelTable>[],
    keep: number,
  ): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('stratus_orders').values(order).execute();
      if (labels.length > 0) await trx.insertInto('stratus_labels').values(labels).execute();
      const cutoff = await trx
        .selectFrom('stratus_orders')
        .select(['id', 'order_id'])
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1)
        .executeTakeFirst();
      if (cutoff) {
        const old = trx.selectFrom('stratus_orders').select('order_id').where('id', '<=', cutoff.id);
        await trx.deleteFrom('stratus_labels').where('order_id', 'in', old).execute();
        await trx.deleteFrom('stratus_orders').where('id', '<=', cutoff.id).execute();
      }
    });
  }

  /** Counts one poll of an order and answers it as it is after that poll; undefined when unknown. */
  async poll(orderId: string): Promise<StratusOrderRow | undefined> {
    return this.db.kysely
      .updateTable('stratus_orders')
      .set((eb) => ({ polls: eb('polls', '+', 1) }))
      .where('order_id', '=', orderId)
      .returningAll()
      .executeTakeFirst();
  }

  async labels(orderId: string): Promise<StratusLabelRow[]> {
    return this.db.kysely
      .selectFrom('stratus_labels')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('package_number')
      .execute();
  }

  async setLabelData(orderId: string, packageNumber: number, data: string): Promise<void> {
    await this.db.kysely
      .updateTable('stratus_labels')
      .set({ data })
      .where('order_id', '=', orderId)
      .where('package_number', '=', packageNumber)
      .execute();
  }

  /**
   * Keeps a new token (hashed) until `expires`: first drops the expired ones and, past `max` live
   * tokens, the oldest (a client asking for tokens in a loop cannot grow the table).
   */
  async addToken(token: string, client: string, expires: number, now: number, max: number): Promise<void> {
    const k = this.db.kysely;
    await k.deleteFrom('stratus_tokens').where('expires', '<=', now).execute();
    // The same token again (SIM_SEED repeats its draws after a restart): issued anew.
    await k
      .insertInto('stratus_tokens')
      .values({ token_hash: tokenHash(token), client, expires })
      .onConflict((oc) => oc.column('token_hash').doUpdateSet({ client, expires }))
      .execute();
    await sql`delete from stratus_tokens where id <= (
      select id from stratus_tokens order by id desc limit 1 offset ${max})`.execute(k);
  }

  /** A kept token's client key and expiry (epoch ms), expired or not. */
  async token(token: string): Promise<{ client: string; expires: number } | undefined> {
    const row = await this.db.kysely
      .selectFrom('stratus_tokens')
      .select(['client', 'expires'])
      .where('token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    return row && { client: row.client, expires: Number(row.expires) };
  }

  /** Tokens kept now. */
  async tokenCount(): Promise<number> {
    const row = await this.db.kysely
      .selectFrom('stratus_tokens')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
