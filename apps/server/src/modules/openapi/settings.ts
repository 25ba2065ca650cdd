import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';

export interface OpenApiSettings {
  /** How often the server looks for documents imported by another process (ms; 0 = every call). */
  openApiRecheckMs: number;
  /** Bytes of dereferenced documents kept in memory. */
  openApiDerefCacheBytes: number;
  /** `name=release,…`: documents held at an older release instead of the newest (empty: none). */
  openApiPinnedReleases: string;
}

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends OpenApiSettings {}
}

export const openApiConfig = defineModuleConfig({
  env: z.object({
    OPENAPI_RECHECK_MS: z.coerce.number().int().min(0).default(1000),
    OPENAPI_DEREF_CACHE_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(64 * 1024 * 1024),
    OPENAPI_PINNED_RELEASES: z.string().max(10_000).default(''),
  }),
  read: (e): OpenApiSettings => ({
    openApiRecheckMs: e.OPENAPI_RECHECK_MS,
    openApiDerefCacheBytes: e.OPENAPI_DEREF_CACHE_BYTES,
    openApiPinnedReleases: e.OPENAPI_PINNED_RELEASES,
  }),
});
