import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';

/**
 * MAP_TILE_URL: an optional tile server (`https://{s}.tile.example.org/{z}/{x}/{y}.png`) the
 * playground's locations map draws over its offline world outline. Empty = outline only, nothing
 * leaves the site.
 */
export const mapConfig = defineModuleConfig({
  env: z.object({
    MAP_TILE_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || mapTileOrigin(v) !== undefined, {
        message:
          'MAP_TILE_URL must be an http(s) tile URL template such as https://{s}.tile.example.org/{z}/{x}/{y}.png',
      }),
    MAP_TILE_ATTRIBUTION: z.string().trim().default(''),
  }),
  read: (e) => ({
    /** Leaflet tile URL template; undefined = the offline outline only. */
    mapTileUrl: e.MAP_TILE_URL === '' ? undefined : e.MAP_TILE_URL,
    /** Credit line shown on the map for the tiles (the provider's terms usually ask for one). */
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION === '' ? undefined : e.MAP_TILE_ATTRIBUTION,
  }),
});

export type MapSettings = ReturnType<typeof mapConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends MapSettings {}
}

/**
 * The CSP source of a tile URL template: its origin, with a `{s}` subdomain placeholder as `*`
 * (`https://{s}.tile.example.org/…` → `https://*.tile.example.org`). Undefined when it is not an
 * http(s) URL.
 */
export function mapTileOrigin(template: string | undefined): string | undefined {
  if (!template || !/^https?:\/\//i.test(template)) return undefined;
  const wildcard = /^https?:\/\/\{s\}\./i.test(template);
  const probe = template.replace(/\{s\}/g, 'a').replace(/\{[a-z]+\}/gi, '0');
  if (!URL.canParse(probe)) return undefined;
  const url = new URL(probe);
  if (url.username || url.password) return undefined;
  return wildcard ? `${url.protocol}//*.${url.host.replace(/^a\./, '')}` : url.origin;
}
