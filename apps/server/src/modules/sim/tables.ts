import type { Generated } from 'kysely';

declare module '../../db/schema.js' {
  interface Database {
    sim_clocks: SimClockTable;
    sim_webhook_subscriptions: SimSubscriptionTable;
    sim_webhook_deliveries: SimDeliveryTable;
  }
}

/** Epoch milliseconds: a bigint column (PostgreSQL's driver reads it as a string). */
type Ms = number | string;

/** One simulated clock per environment: now = base_sim + (real now − base_real) × SIM_TIME_FACTOR. */
export interface SimClockTable {
  environment: string;
  /** Simulated epoch ms at `base_real`. */
  base_sim: Ms;
  /** Real epoch ms. */
  base_real: Ms;
  /** The SIM_TIME_FACTOR the clock runs at since base_real (an instance with another one rebases it first). */
  factor: number;
}

/** A webhook subscription (`settings`: the one from SIM_WEBHOOK_URL / SIM_WEBHOOK_TOKEN). */
export interface SimSubscriptionTable {
  id: string;
  url: string;
  /** Signs the deliveries; never answered by the API. */
  token: string;
  environment: string;
  /** 0 or 1. */
  deliver_twice: number;
  /** 0 or 1. */
  out_of_order: number;
  /** `api` or `settings`. */
  source: string;
  /** Real epoch ms. */
  created_at: Ms;
  last_error: string | null;
}

/** The outbox: one row per event × subscription × copy, delivered in id order per subscription. */
export interface SimDeliveryTable {
  id: Generated<number>;
  subscription_id: string;
  event_id: string;
  /** 0, and 1 for the second copy of a deliverTwice subscription. */
  copy: number;
  environment: string;
  tracking_number: string;
  event_type: string;
  /** Simulated epoch ms. */
  occurred_at: Ms;
  /** The exact JSON text posted. */
  body: string;
  /** pending, delivered or failed. */
  state: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  /** Real epoch ms when the (next) attempt is due. */
  next_attempt_at: Ms;
  /** The instance delivering it, until `lease_until` (real epoch ms). */
  lease_owner: string | null;
  lease_until: Ms | null;
  /** Real epoch ms. */
  delivered_at: Ms | null;
}
