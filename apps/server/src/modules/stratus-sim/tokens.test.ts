import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '@lab/core/labels';
import { dialectsFor, freshDb } from '../../test/helpers.js';
import { StratusOrderRepo } from './repo.js';
import { MAX_LIVE_TOKENS, StratusSimulator } from './service.js';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:secret`).toString('base64')}`;

describe.each(dialectsFor('dialect-sensitive'))('Stratus simulator tokens are bounded and expire (%s)', (dialect) => {
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('keeps at most its bound of live tokens (MAX_LIVE_TOKENS by default): the oldest goes first, the newest works', async () => {
    const { db, drop } = await freshDb(dialect);
    drops.push(drop);
    const bound = 20;
    let now = 0;
    const options = {
      random: seededRandom(1),
      repo: new StratusOrderRepo(db),
      pendingPolls: 0,
      renderPdf: async () => Buffer.alloc(0),
      now: () => now,
    };
    expect(MAX_LIVE_TOKENS).toBe(10_000);
    const sim = new StratusSimulator({ ...options, maxLiveTokens: bound });
    const first = (await sim.issueToken(basic('first'), 'client_credentials', 'oob')).access_token;
    let last = first;
    for (let i = 0; i < bound; i++) {
      now += 1;
      last = (await sim.issueToken(basic(`k${i}`), 'client_credentials', 'oob')).access_token;
    }
    expect(await sim.liveTokens()).toBe(bound);
    await expect(sim.authorize(`Bearer ${first}`, 'key')).rejects.toThrow('A valid bearer token is required');
    expect(await sim.authorize(`Bearer ${last}`, 'key')).toBe(`k${bound - 1}`);
    // Another simulator on the same database (another instance) accepts the token.
    const other = new StratusSimulator({ ...options, random: seededRandom(2) });
    expect(await other.authorize(`Bearer ${last}`, 'key')).toBe(`k${bound - 1}`);
    // 3300 s later every one of them has expired and is dropped on the next issue.
    now += 3_300_000;
    await sim.issueToken(basic('late'), 'client_credentials', 'oob');
    expect(await sim.liveTokens()).toBe(1);
  });
});
