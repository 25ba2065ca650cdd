import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';

const count = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

/** TRAFFIC_* bounds of the traffic log (kept in the database, shared by every instance on it). */
export const trafficConfig = defineModuleConfig({
  env: z.object({
    TRAFFIC_MAX_ENTRIES: count(500),
    TRAFFIC_MAX_BYTES: count(16 * 1024 * 1024),
    TRAFFIC_MAX_BODY_BYTES: count(64 * 1024),
  }),
  read: (e) => ({
    /** Entries kept (the oldest go first); 0 turns the log off (nothing is recorded). */
    trafficMaxEntries: e.TRAFFIC_MAX_ENTRIES,
    /** Bytes of bodies, headers and URLs kept (the oldest entries go first). */
    trafficMaxBytes: e.TRAFFIC_MAX_BYTES,
    /** Each request or reply body is cut at this many bytes in the log. */
    trafficMaxBodyBytes: e.TRAFFIC_MAX_BODY_BYTES,
  }),
});

export type TrafficSettings = ReturnType<typeof trafficConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends TrafficSettings {}
}
