import { describe, expect, it } from 'vitest';
import { seededRandom } from '@lab/core/labels';
import type { StratusOrderRepo } from './repo.js';
import { MAX_LIVE_TOKENS, StratusSimulator } from './service.js';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:secret`).toString('base64')}`;

describe('Stratus simulator tokens are bounded and expire', () => {
  it('keeps at most MAX_LIVE_TOKENS: the oldest goes first, the newest works', () => {
    let now = 0;
    const sim = new StratusSimulator({
      random: seededRandom(1),
      // Tokens never reach the orders' tables.
      repo: {} as StratusOrderRepo,
      pendingPolls: 0,
      renderPdf: async () => Buffer.alloc(0),
      now: () => now,
    });
    const first = sim.issueToken(basic('first'), 'client_credentials', 'oob').access_token;
    let last = first;
    for (let i = 0; i < MAX_LIVE_TOKENS; i++) {
      now += 1;
      last = sim.issueToken(basic(`k${i}`), 'client_credentials', 'oob').access_token;
    }
    expect(sim.liveTokens()).toBe(MAX_LIVE_TOKENS);
    expect(() => sim.authorize(`Bearer ${first}`, 'key')).toThrow('A valid bearer token is required');
    expect(sim.authorize(`Bearer ${last}`, 'key')).toBe(`k${MAX_LIVE_TOKENS - 1}`);
    // 3300 s later every one of them has expired and is dropped on the next issue.
    now += 3_300_000;
    sim.issueToken(basic('late'), 'client_credentials', 'oob');
    expect(sim.liveTokens()).toBe(1);
  });
});
