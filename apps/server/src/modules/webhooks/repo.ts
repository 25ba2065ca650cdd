import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { WebhookTable } from './tables.js';
import { keepNewestRows } from '../../db/retention.js';

export type WebhookRow = Selectable<WebhookTable>;
export type NewWebhook = Insertable<WebhookTable>;

const listColumns = [
  'id',
  'channel',
  'received_at',
  'path',
  'signature',
  'transaction_id',
  'event_timestamp',
  'is_json',
  'body_size',
] as const;

export type WebhookListRow = Pick<WebhookRow, (typeof listColumns)[number]>;

/** Kysely queries on the webhooks table; the same on SQLite and PostgreSQL. */
export class WebhookRepo {
  constructor(private readonly db: Db) {}

  /** Resolves once the row is committed (autocommit statement on either dialect). */
  async insert(row: NewWebhook): Promise<number> {
    const { id } = await this.db.kysely.insertInto('webhooks').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(id);
  }

  async list(channel: string, page: number, size: number): Promise<{ rows: WebhookListRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.db.kysely
        .selectFrom('webhooks')
        .select(listColumns)
        .where('channel', '=', channel)
        .orderBy('id', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      this.db.kysely
        .selectFrom('webhooks')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('channel', '=', channel)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async get(channel: string, id: number): Promise<WebhookRow | undefined> {
    return this.db.kysely
      .selectFrom('webhooks')
      .selectAll()
      .where('channel', '=', channel)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async delete(channel: string, id: number): Promise<number> {
    const r = await this.db.kysely
      .deleteFrom('webhooks')
      .where('channel', '=', channel)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async deleteChannel(channel: string): Promise<number> {
    const r = await this.db.kysely.deleteFrom('webhooks').where('channel', '=', channel).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Rows and body bytes stored over every channel. */
  async totals(): Promise<{ rows: number; bytes: number }> {
    const r = await this.db.kysely
      .selectFrom('webhooks')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('rows'),
        eb.fn.coalesce(eb.fn.sum<number | string>('body_size'), eb.lit(0)).as('bytes'),
      ])
      .executeTakeFirstOrThrow();
    return { rows: Number(r.rows), bytes: Number(r.bytes) };
  }

  /** Removes every delivery received before `cutoff` (ISO-8601 UTC); returns how many. */
  async pruneOlderThan(cutoff: string): Promise<number> {
    const r = await this.db.kysely.deleteFrom('webhooks').where('received_at', '<', cutoff).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Keeps the newest `keep` rows of a channel; returns how many were removed. */
  prune(channel: string, keep: number): Promise<number> {
    return keepNewestRows(this.db.kysely, 'webhooks', 'channel', channel, keep);
  }
}
