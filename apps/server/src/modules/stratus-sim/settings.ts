import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';

/** STRATUS_SIM_* settings of the Stratus simulator. */
export const stratusSimConfig = defineModuleConfig({
  env: z.object({
    STRATUS_SIM_PENDING_POLLS: z.coerce.number().int().min(0).max(100).default(2),
  }),
  read: (e) => ({
    /** How many GETs of a new order answer PENDING before it settles. */
    stratusSimPendingPolls: e.STRATUS_SIM_PENDING_POLLS,
  }),
});

export type StratusSimSettings = ReturnType<typeof stratusSimConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends StratusSimSettings {}
}
