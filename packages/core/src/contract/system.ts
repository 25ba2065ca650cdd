import { z } from 'zod';

export const healthReply = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type HealthReply = z.output<typeof healthReply>;

/** GET /config: the few server settings the web app reads at start. */
export const clientConfigReply = z.object({
  version: z.string(),
  fileShareUrl: z.string().nullable(),
  publicBaseUrl: z.string().nullable(),
  /** Base of the ZPL conversion service (…/v1/printers/{dpmm}/labels/{size}/{index}/). */
  labelServiceUrl: z.string(),
  /** Tile URL template of the locations map (MAP_TILE_URL); null = the offline world outline only. */
  mapTileUrl: z.string().nullable().optional(),
  /** Credit line for those tiles (MAP_TILE_ATTRIBUTION). */
  mapTileAttribution: z.string().nullable().optional(),
  /** Who is signed in (AUTH=proxy or basic); null when access control is off. */
  user: z.string().nullable(),
  /**
   * Per carrier environment, whether the gateway's upstream is the built-in twin (no
   * CARRIER_*_URL): the playground then dates its samples from the twin's clock.
   */
  carrierTwin: z.object({ sandbox: z.boolean(), production: z.boolean() }).optional(),
});
export type ClientConfig = z.output<typeof clientConfigReply>;
