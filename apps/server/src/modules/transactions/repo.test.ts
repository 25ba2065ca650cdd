import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.js';
import { freshDb, dialectsFor } from '../../test/helpers.js';
import { logKeyword, recentKeywords } from './repo.js';

// Dialect-sensitive: the repository.
describe.each(dialectsFor('dialect-sensitive'))('keyword log on %s', (dialect) => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await freshDb(dialect)));
  afterAll(async () => drop());

  it('reads past repeated keywords to find 10 distinct ones', async () => {
    const stamp = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
    let i = 0;
    for (const k of ['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'])
      await logKeyword(db.kysely, k, false, stamp(i++));
    await logKeyword(db.kysely, '187', true, stamp(i++));
    for (let n = 0; n < 250; n++) await logKeyword(db.kysely, n % 2 ? 'again' : 'k8', false, stamp(i++));
    const list = await recentKeywords(db.kysely, 10);
    expect(list.map((k) => k.keyword)).toEqual(['again', 'k8', '187', 'k7', 'k6', 'k5', 'k4', 'k3', 'k2', 'k1']);
    expect(list[2]).toEqual({ keyword: '187', isId: true, created: stamp(9) });
    expect((await recentKeywords(db.kysely, 50)).length).toBe(11);
  });

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
