import { randomUUID } from 'node:crypto';
import { CARRIER_ENVIRONMENTS } from '@lab/core/carrier';
import { SIMULATOR_TOPICS, type SimEnvironmentName } from '@lab/core/simulator';
import type { Db } from '../../db/index.js';
import type { ServiceContext } from '../../module.js';

/** The `simClock` service (LabServices['simClock']): one simulated clock per environment, in the database. */
export interface SimClock {
  /** Simulated seconds per real second (SIM_TIME_FACTOR). */
  readonly factor: number;
  /** The environment's simulated now (epoch ms), shared by every instance on the database (read from it). */
  now(environment: SimEnvironmentName): Promise<number>;
  /** Moves forward by ms (> 0, else throws RangeError); returns the new now; every instance's tick listeners run. */
  advance(environment: SimEnvironmentName, ms: number): Promise<number>;
  /** Puts the environment's clock back to real time (at SIM_TIME_FACTOR from now on); returns the new now. */
  reset(environment: SimEnvironmentName): Promise<number>;
  /**
   * Runs `listener(environment, now)` after every advance (on any instance: bus topic) and every SIM_CLOCK_TICK_MS of
   * real time, for each environment. Calls of one listener never overlap. A rejection is logged. Returns unsubscribe.
   */
  onTick(listener: (environment: SimEnvironmentName, now: number) => Promise<void>): () => void;
  /**
   * Resolves when the tick listeners started so far (this instance) have finished. POST /simulator/clock awaits it
   * before answering, so when an advance answers, its due events are released and queued.
   */
  settled(): Promise<void>;
}

/** The latest instant an ISO-8601 text can name with a four-digit year (the clock never passes it). */
export const SIM_CLOCK_MAX = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** What the clock topic carries: the environment, its new now (ISO-8601) and the instance that moved it. */
export interface SimClockMessage {
  environment: SimEnvironmentName;
  now: string;
  instance: string;
}

type Listener = (environment: SimEnvironmentName, now: number) => Promise<void>;

interface ListenerState {
  listener: Listener;
  /** The last run queued (each run waits for the one before: calls never overlap). */
  tail: Promise<void>;
  /** Environments with a run queued that has not started yet (it reads now when it starts). */
  queued: Set<SimEnvironmentName>;
}

const toMs = (v: number | string): number => Number(v);

interface ClockRow {
  base_sim: number | string;
  base_real: number | string;
  factor: number | string;
}

/** The clocks' rows: created at real time on first use; advancing adds to base_sim (one atomic statement). */
export class SimClockRepo {
  private readonly created = new Set<SimEnvironmentName>();

  constructor(
    private readonly db: Db,
    private readonly factor: number,
  ) {}

  private async ensure(environment: SimEnvironmentName): Promise<void> {
    if (this.created.has(environment)) return;
    const real = Date.now();
    await this.db.kysely
      .insertInto('sim_clocks')
      .values({ environment, base_sim: real, base_real: real, factor: this.factor })
      .onConflict((oc) => oc.column('environment').doNothing())
      .execute();
    this.created.add(environment);
  }

  private static nowOf(row: ClockRow, real: number): number {
    // Another instance's real clock may run a little behind: never answer less than base_sim.
    const elapsed = Math.max(0, real - toMs(row.base_real));
    // It stops at the last instant a four-digit year can name.
    return Math.min(SIM_CLOCK_MAX, toMs(row.base_sim) + Math.floor(elapsed * Number(row.factor)));
  }

  async now(environment: SimEnvironmentName): Promise<number> {
    await this.ensure(environment);
    const row = await this.db.kysely
      .selectFrom('sim_clocks')
      .select(['base_sim', 'base_real', 'factor'])
      .where('environment', '=', environment)
      .executeTakeFirstOrThrow();
    const real = Date.now();
    const now = SimClockRepo.nowOf(row, real);
    if (Number(row.factor) !== this.factor) {
      // Started with another SIM_TIME_FACTOR: the clock goes on from where it is, at this factor
      // (never back). Only if nobody changed the row meanwhile.
      await this.db.kysely
        .updateTable('sim_clocks')
        .set({ base_sim: now, base_real: real, factor: this.factor })
        .where('environment', '=', environment)
        .where('base_sim', '=', row.base_sim)
        .where('base_real', '=', row.base_real)
        .where('factor', '=', row.factor)
        .execute();
    }
    return now;
  }

  /** now + ms for every reader: base_sim + ms keeps the formula's real part as it is. */
  async advance(environment: SimEnvironmentName, ms: number): Promise<number> {
    await this.ensure(environment);
    const row = await this.db.kysely
      .updateTable('sim_clocks')
      .set((eb) => ({ base_sim: eb('base_sim', '+', ms) }))
      .where('environment', '=', environment)
      .returning(['base_sim', 'base_real', 'factor'])
      .executeTakeFirstOrThrow();
    return SimClockRepo.nowOf(row, Date.now());
  }

  /** Real time again: base_sim = base_real = now (the row is created if it was not). */
  async reset(environment: SimEnvironmentName): Promise<number> {
    await this.ensure(environment);
    const real = Date.now();
    await this.db.kysely
      .updateTable('sim_clocks')
      .set({ base_sim: real, base_real: real, factor: this.factor })
      .where('environment', '=', environment)
      .execute();
    return real;
  }
}

export class SimClockService implements SimClock {
  readonly factor: number;
  private readonly repo: SimClockRepo;
  private readonly instance = randomUUID();
  private readonly listeners = new Set<ListenerState>();
  private readonly ticker: NodeJS.Timeout;
  private readonly offBus: () => void;
  private closed = false;

  constructor(private readonly ctx: Pick<ServiceContext, 'config' | 'db' | 'bus' | 'log'>) {
    this.factor = ctx.config.simTimeFactor;
    this.repo = new SimClockRepo(ctx.db, this.factor);
    this.ticker = setInterval(() => {
      if (this.listeners.size === 0) return;
      for (const environment of CARRIER_ENVIRONMENTS) this.trigger(environment);
    }, ctx.config.simClockTickMs);
    this.ticker.unref();
    this.offBus = ctx.bus.subscribe(SIMULATOR_TOPICS.clock, (data) => {
      const message = data as Partial<SimClockMessage>;
      // This instance ran its listeners when it advanced; other instances' advances arrive here.
      if (message.instance === this.instance) return;
      if (!(CARRIER_ENVIRONMENTS as readonly unknown[]).includes(message.environment)) return;
      this.trigger(message.environment!);
    });
  }

  now(environment: SimEnvironmentName): Promise<number> {
    return this.repo.now(environment);
  }

  async advance(environment: SimEnvironmentName, ms: number): Promise<number> {
    if (!(Number.isSafeInteger(ms) && ms > 0)) {
      throw new RangeError(`the clock only moves forward: ${ms} ms is not a positive whole number`);
    }
    const now = await this.repo.advance(environment, ms);
    this.trigger(environment);
    const message: SimClockMessage = { environment, now: new Date(now).toISOString(), instance: this.instance };
    await this.ctx.bus.publish(SIMULATOR_TOPICS.clock, message);
    return now;
  }

  async reset(environment: SimEnvironmentName): Promise<number> {
    const now = await this.repo.reset(environment);
    this.trigger(environment);
    const message: SimClockMessage = { environment, now: new Date(now).toISOString(), instance: this.instance };
    await this.ctx.bus.publish(SIMULATOR_TOPICS.clock, message);
    return now;
  }

  onTick(listener: Listener): () => void {
    const state: ListenerState = { listener, tail: Promise.resolve(), queued: new Set() };
    this.listeners.add(state);
    return () => {
      this.listeners.delete(state);
    };
  }

  async settled(): Promise<void> {
    await Promise.all([...this.listeners].map((s) => s.tail));
  }

  /** Queues one run of every listener for the environment (none when one is already queued). */
  private trigger(environment: SimEnvironmentName): void {
    if (this.closed) return;
    for (const state of this.listeners) {
      if (state.queued.has(environment)) continue;
      state.queued.add(environment);
      state.tail = state.tail.then(async () => {
        state.queued.delete(environment);
        if (this.closed || !this.listeners.has(state)) return;
        try {
          await state.listener(environment, await this.repo.now(environment));
        } catch (err) {
          this.ctx.log.error({ err, environment }, 'simulated clock tick listener failed');
        }
      });
    }
  }

  /** Stops the ticker and waits for the listeners running now (the app closes the database next). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.ticker);
    this.offBus();
    await this.settled();
  }
}

export function createSimClock(ctx: ServiceContext): SimClock {
  return new SimClockService(ctx);
}
