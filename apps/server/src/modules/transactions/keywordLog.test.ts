import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.js';
import { freshDb, dialectsFor } from '../../test/helpers.js';
import { logKeyword, recentKeywords } from './repo.js';

// Dialect-sensitive: the repository.
describe.each(dialectsFor('dialect-sensitive'))('keyword log bound on %s', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await freshDb(dialect)));
  afterAll(async () => drop());

  it('keeps only the newest rows, so reading the recent keywords never scans an unbounded log', async () => {
    const now = new Date().toISOString();
    for (let n = 0; n < 60; n++) await logKeyword(db.kysely, `k${n % 12}`, false, now, 25);
    const { rows } = (await db.kysely
      .selectFrom('transaction_keywords')
      .select((eb) => eb.fn.countAll<number | string>().as('rows'))
      .executeTakeFirstOrThrow()) as { rows: number | string };
    expect(Number(rows)).toBe(25);
    expect((await recentKeywords(db.kysely, 10)).map((k) => k.keyword)).toEqual([
      'k11',
      'k10',
      'k9',
      'k8',
      'k7',
      'k6',
      'k5',
      'k4',
      'k3',
      'k2',
    ]);
  });
});
