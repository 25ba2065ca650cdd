import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';

/** LOOKUP_* environment variables of the lookups. */
export const lookupsConfig = defineModuleConfig({
  env: z.object({
    LOOKUP_DATA_IDLE_MS: z.coerce.number().int().positive().default(120_000),
  }),
  read: (e) => ({
    /** The city search index is dropped after this long without a city search. */
    lookupDataIdleMs: e.LOOKUP_DATA_IDLE_MS,
  }),
});

export type LookupSettings = ReturnType<typeof lookupsConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends LookupSettings {}
}
