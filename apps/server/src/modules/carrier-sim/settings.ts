import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';

/**
 * The carrier simulator's own settings (its seed is the simulators' SIM_SEED and its time factor
 * SIM_TIME_FACTOR, the sim module's).
 */
export interface CarrierSimSettings {
  /** Lifetime of the bearer tokens the simulator issues, seconds (the carrier's is 3600). */
  simTokenTtlSeconds: number;
  /** Shipments (and open shipments) the simulator remembers; the oldest are forgotten first. */
  simMaxShipments: number;
}

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends CarrierSimSettings {}
}

export const carrierSimConfig = defineModuleConfig({
  env: z.object({
    SIM_TOKEN_TTL_SECONDS: z.coerce.number().int().min(0).default(3600),
    SIM_MAX_SHIPMENTS: z.coerce.number().int().positive().default(10_000),
  }),
  read: (e): CarrierSimSettings => ({
    simTokenTtlSeconds: e.SIM_TOKEN_TTL_SECONDS,
    simMaxShipments: e.SIM_MAX_SHIPMENTS,
  }),
});
