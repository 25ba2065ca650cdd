import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIM_CLOCK_HORIZON_DAYS, SIMULATOR_TOPICS, type SimEnvironmentName } from '@lab/core/simulator';
import { servicesOf } from '../../app.js';
import { buildTestApp, dialectsFor, type TestApp, describePostgres } from '../../test/helpers.js';
import { suiteDb, twoInstancesOnPostgres } from '../../test/suiteFixtures.js';
import { SIM_CLOCK_MAX, SimClockRepo } from './clock.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(dialectsFor('dialect-sensitive'))('the simulated clock in the database (%s)', (dialect) => {
  const suite = suiteDb(dialect);
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at real time, runs at the factor, moves forward by advances and never back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.UTC(2026, 10, 24, 12, 0, 0);
    vi.setSystemTime(start);
    const clock = new SimClockRepo(suite.db, 60);
    expect(await clock.now('sandbox')).toBe(start);
    vi.setSystemTime(start + 1000);
    expect(await clock.now('sandbox')).toBe(start + 60_000);
    expect(await clock.advance('sandbox', 2 * DAY + 6 * HOUR)).toBe(start + 60_000 + 2 * DAY + 6 * HOUR);
    vi.setSystemTime(start + 2000);
    expect(await clock.now('sandbox')).toBe(start + 120_000 + 2 * DAY + 6 * HOUR);
    // Each environment has its own clock, created at real time when first read.
    expect(await clock.now('production')).toBe(start + 2000);
    // An instance whose real clock is behind the one that created the clock never reads it earlier.
    vi.setSystemTime(start - 5000);
    expect(await clock.now('sandbox')).toBe(start + 2 * DAY + 6 * HOUR);
    // Another instance (another repo on the same database) reads the same clock.
    vi.setSystemTime(start + 2000);
    expect(await new SimClockRepo(suite.db, 60).now('sandbox')).toBe(start + 120_000 + 2 * DAY + 6 * HOUR);
    // A restart with another factor goes on from where the clock is, at the new factor: never back.
    vi.setSystemTime(start + 3000);
    const slower = new SimClockRepo(suite.db, 1);
    expect(await slower.now('sandbox')).toBe(start + 180_000 + 2 * DAY + 6 * HOUR);
    vi.setSystemTime(start + 4000);
    expect(await slower.now('sandbox')).toBe(start + 181_000 + 2 * DAY + 6 * HOUR);
    expect(await new SimClockRepo(suite.db, 1).now('sandbox')).toBe(start + 181_000 + 2 * DAY + 6 * HOUR);
    // It stops at the last instant of the year 9999.
    const production = await clock.now('production');
    expect(await clock.advance('production', SIM_CLOCK_MAX - production - 10)).toBe(SIM_CLOCK_MAX - 10);
    vi.setSystemTime(start + 60_000);
    expect(await clock.now('production')).toBe(SIM_CLOCK_MAX);
  });
});

describe('GET/POST /lab/api/simulator/clock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t?.close());

  const get = async (environment?: string) => {
    const res = await t.app.inject({
      url: `/lab/api/simulator/clock${environment ? `?environment=${environment}` : ''}`,
    });
    return res;
  };
  const post = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/lab/api/simulator/clock', payload: body as object });

  it('answers the environment, its now (starting at real time) and the factor', async () => {
    const before = Date.now();
    const res = await get();
    const after = Date.now();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['environment', 'factor', 'now']);
    expect(body.environment).toBe('sandbox');
    expect(body.factor).toBe(1);
    expect(body.now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(body.now)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(body.now)).toBeLessThanOrEqual(after);
    expect((await get('production')).json().environment).toBe('production');
    const bad = await get('staging');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^querystring\.environment: /);
  });

  it('moves forward by a duration, per environment, and answers once settled', async () => {
    const sandbox = Date.parse((await get()).json().now);
    const production = Date.parse((await get('production')).json().now);
    const realBefore = Date.now();
    const res = await post({ advance: 'P2DT6H' });
    expect(res.statusCode).toBe(200);
    const moved = Date.parse(res.json().now);
    expect(res.json().environment).toBe('sandbox');
    expect(moved - sandbox).toBeGreaterThanOrEqual(2 * DAY + 6 * HOUR);
    expect(moved - sandbox).toBeLessThanOrEqual(2 * DAY + 6 * HOUR + (Date.now() - realBefore) + 1000);
    expect(Date.parse((await get()).json().now)).toBeGreaterThanOrEqual(moved);
    // production did not move
    expect(Date.parse((await get('production')).json().now) - production).toBeLessThan(HOUR);
    const p = await post({ advance: 'PT90M', environment: 'production' });
    expect(p.json().environment).toBe('production');
    expect(Date.parse(p.json().now) - production).toBeGreaterThanOrEqual(90 * 60_000);
  });

  it('moves to an instant (until) not before now', async () => {
    const now = Date.parse((await get()).json().now);
    const target = new Date(now + 3 * DAY).toISOString();
    const res = await post({ until: target });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().now)).toBeGreaterThanOrEqual(Date.parse(target));
    expect(Date.parse(res.json().now)).toBeLessThan(Date.parse(target) + HOUR);
    const back = await post({ until: new Date(now).toISOString() });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toMatch(
      new RegExp(
        `^until: ${new Date(now).toISOString().replaceAll('.', '\\.')} is not after the clock's now \\(\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z\\): the clock only moves forward$`,
      ),
    );
  });

  it('refuses malformed, negative, zero and calendar durations, and bad instants, with a message', async () => {
    const before = Date.parse((await get()).json().now);
    const cases: [unknown, string][] = [
      [
        { advance: 'P2X' },
        'advance: "P2X" is not an ISO-8601 duration of weeks, days, hours, minutes and seconds (e.g. P2DT6H, PT90M)',
      ],
      [
        { advance: '' },
        'advance: "" is not an ISO-8601 duration of weeks, days, hours, minutes and seconds (e.g. P2DT6H, PT90M)',
      ],
      [{ advance: '-PT1H' }, 'advance: "-PT1H" is negative: the clock only moves forward'],
      [{ advance: 'PT0S' }, 'advance: "PT0S" is zero: the clock only moves forward'],
      [{ advance: 'P0D' }, 'advance: "P0D" is zero: the clock only moves forward'],
      [
        { advance: 'P1M' },
        'advance: "P1M" has years or months, whose length depends on the date: give weeks, days, hours, minutes or seconds (e.g. P30D)',
      ],
      [
        { advance: 'P1Y2DT3H' },
        'advance: "P1Y2DT3H" has years or months, whose length depends on the date: give weeks, days, hours, minutes or seconds (e.g. P30D)',
      ],
      [
        { until: 'tomorrow' },
        'until: "tomorrow" is not an ISO-8601 instant with a time zone (e.g. 2026-05-01T12:00:00Z)',
      ],
      [
        { until: '2030-01-01T00:00:00' },
        'until: "2030-01-01T00:00:00" is not an ISO-8601 instant with a time zone (e.g. 2026-05-01T12:00:00Z)',
      ],
      [{}, 'body: give either advance (an ISO-8601 duration) or until (an ISO-8601 instant)'],
      [
        { advance: 'PT1H', until: '2030-01-01T00:00:00Z' },
        'body: give either advance (an ISO-8601 duration) or until (an ISO-8601 instant)',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect({ body, status: res.statusCode, reply: res.json() }).toEqual({ body, status: 400, reply: { message } });
    }
    const tooFar = await post({ advance: 'P9999999W' });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().message).toMatch(/^the clock cannot pass 9999-12-31T23:59:59\.999Z \(it is .+\)$/);
    const env = await post({ advance: 'PT1H', environment: 'staging' });
    expect(env.statusCode).toBe(400);
    expect(env.json().message).toMatch(/^body\.environment: /);
    // Nothing moved the clock.
    expect(Date.parse((await get()).json().now) - before).toBeLessThan(HOUR);
  });

  it('runs the tick listeners before answering, and publishes the new now', async () => {
    const clock = servicesOf(t.app).simClock;
    const seen: [SimEnvironmentName, number][] = [];
    const off = clock.onTick(async (environment, now) => {
      if (environment === 'production') seen.push([environment, now]);
    });
    const published: unknown[] = [];
    const offBus = t.app.bus.subscribe(SIMULATOR_TOPICS.clock, (data) => published.push(data));
    const res = await post({ advance: 'PT1H', environment: 'production' });
    off();
    offBus();
    const moved = Date.parse(res.json().now);
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.at(-1)![1]).toBeGreaterThanOrEqual(moved);
    expect(published).toEqual([{ environment: 'production', now: res.json().now, instance: expect.any(String) }]);
  });
});

// Issue 40 item 3: the clock could be pinned in the year 9999, and 2027-02-30 became 2027-03-02.
describe('the clock is bounded and can be reset (DELETE /lab/api/simulator/clock)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t?.close());

  const now = async (environment = 'sandbox') =>
    Date.parse((await t.app.inject({ url: `/lab/api/simulator/clock?environment=${environment}` })).json().now);
  const post = (body: object) => t.app.inject({ method: 'POST', url: '/lab/api/simulator/clock', payload: body });

  it('refuses a move past the 5-year horizon after real time, and impossible dates', async () => {
    const before = await now();
    // The probe's pin: refused (past the year-9999 limit too, which answers first).
    expect((await post({ until: '9999-12-31T23:59:59.999Z' })).statusCode).toBe(400);
    for (const body of [{ until: '2100-01-01T00:00:00Z' }, { advance: `P${SIM_CLOCK_HORIZON_DAYS + 1}D` }]) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(
        new RegExp(
          `^the clock cannot be moved past \\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z, ${SIM_CLOCK_HORIZON_DAYS} days \\(5 years\\) after real time \\(it is [\\d:.TZ-]+\\); DELETE /lab/api/simulator/clock puts it back to real time$`,
        ),
      );
    }
    for (const until of [
      '2027-02-30T00:00:00Z',
      '2027-13-01T00:00:00Z',
      '2027-04-31T12:00:00Z',
      '2027-01-01T24:00:00Z',
      '2027-01-01T12:60:00Z',
    ]) {
      expect((await post({ until })).json()).toEqual({
        message: `until: ${JSON.stringify(until)} is not a date and time that exist`,
      });
    }
    expect((await now()) - before).toBeLessThan(HOUR);
    // Within the horizon it moves, and a real leap day is a date.
    const leap = await post({ until: '2028-02-29T00:00:00Z' });
    expect(leap.statusCode).toBe(200);
  });

  it('puts one environment back to real time, publishing the new now; the clock moves on from there', async () => {
    await post({ advance: 'P1000D' });
    await post({ advance: 'P3D', environment: 'production' });
    const production = await now('production');
    const published: unknown[] = [];
    const offBus = t.app.bus.subscribe(SIMULATOR_TOPICS.clock, (data) => published.push(data));
    const realBefore = Date.now();
    const res = await t.app.inject({ method: 'DELETE', url: '/lab/api/simulator/clock?environment=sandbox' });
    offBus();
    expect(res.statusCode).toBe(200);
    const reset = Date.parse(res.json().now);
    expect(res.json()).toEqual({ environment: 'sandbox', now: new Date(reset).toISOString(), factor: 1 });
    expect(reset).toBeGreaterThanOrEqual(realBefore);
    expect(reset).toBeLessThanOrEqual(Date.now());
    expect(published).toEqual([{ environment: 'sandbox', now: res.json().now, instance: expect.any(String) }]);
    // production kept its own clock
    expect((await now('production')) - production).toBeLessThan(HOUR);
    // and the sandbox moves forward again from real time
    expect((await post({ advance: 'P1D' })).statusCode).toBe(200);
    expect((await now()) - reset).toBeGreaterThanOrEqual(DAY);
    const bad = await t.app.inject({ method: 'DELETE', url: '/lab/api/simulator/clock?environment=staging' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^querystring\.environment: /);
  });
});

describe('tick listeners', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { simClockTickMs: 10 });
  });
  afterAll(() => t?.close());

  it('run every SIM_CLOCK_TICK_MS for each environment, never overlapping, and a rejection is logged', async () => {
    const clock = servicesOf(t.app).simClock;
    const environments = new Set<SimEnvironmentName>();
    let running = 0;
    let most = 0;
    let calls = 0;
    let done!: () => void;
    const enough = new Promise<void>((resolve) => (done = resolve));
    const off = clock.onTick(async (environment) => {
      running++;
      most = Math.max(most, running);
      environments.add(environment);
      // Advances while this one runs queue further calls (they wait for this one).
      if (calls++ < 3) await clock.advance(environment, 1000);
      running--;
      if (calls >= 8) done();
    });
    await enough;
    off();
    await clock.settled();
    expect(most).toBe(1);
    expect([...environments].sort()).toEqual(['production', 'sandbox']);

    let failed!: () => void;
    const once = new Promise<void>((resolve) => (failed = resolve));
    const offFailing = clock.onTick(async () => {
      failed();
      throw new Error('listener broke');
    });
    await once;
    offFailing();
    await clock.settled();
    const line = t.logs.lines.find((l) => l.msg === 'simulated clock tick listener failed');
    expect((line?.err as { message?: string } | undefined)?.message).toBe('listener broke');
  });

  it('refuses to advance by zero, a negative or a fractional number of ms', async () => {
    const clock = servicesOf(t.app).simClock;
    await expect(clock.advance('sandbox', 0)).rejects.toThrow(RangeError);
    await expect(clock.advance('sandbox', -5)).rejects.toThrow(
      'the clock only moves forward: -5 ms is not a positive whole number',
    );
    await expect(clock.advance('sandbox', 1.5)).rejects.toThrow(RangeError);
  });
});

describePostgres('the simulated clock, two instances on one PostgreSQL database', () => {
  // B's ticker is an hour: only A's advance (the bus) can run B's listeners in this test.
  const apps = twoInstancesOnPostgres({ simTimeFactor: 1 }, { simTimeFactor: 1, simClockTickMs: 3_600_000 });

  it("an advance through A moves B's clock and runs B's tick listeners", async () => {
    const { a, b } = apps;
    const clockB = servicesOf(b.app).simClock;
    const before = Date.parse((await b.app.inject({ url: '/lab/api/simulator/clock' })).json().now);
    let heard!: (now: number) => void;
    const onB = new Promise<number>((resolve) => (heard = resolve));
    const off = clockB.onTick(async (environment, now) => {
      if (environment === 'sandbox' && now >= before + DAY) heard(now);
    });
    const moved = Date.parse(
      (await a.app.inject({ method: 'POST', url: '/lab/api/simulator/clock', payload: { advance: 'P1D' } })).json().now,
    );
    expect(moved - before).toBeGreaterThanOrEqual(DAY);
    expect(await onB).toBeGreaterThanOrEqual(moved);
    off();
    const readB = Date.parse((await b.app.inject({ url: '/lab/api/simulator/clock' })).json().now);
    expect(readB).toBeGreaterThanOrEqual(moved);
    expect(readB - moved).toBeLessThan(HOUR);
  });
});
