/**
 * Local times of the track replies: the carrier writes a scan's date in the scan location's local
 * time with its offset (`2026-11-27T14:05:00-06:00`). A place's zone comes from the lookups'
 * places service (its postal or city coordinates → the time-zone boundaries), remembered per
 * place for the process (the data does not change while it runs).
 */
import { resolveWallTime, zoneOffsetMinutes } from '@lab/core/time';
import type { LabServices } from '../../module.js';
import type { PlanZones, ScanPlace } from './lifecycle.js';

type Places = Pick<LabServices['places'], 'timeZone'>;

const known = new Map<string, string>();
const keyOf = (p: ScanPlace) => `${p.countryCode}|${p.postalCode}|${p.stateOrProvinceCode}|${p.city}`.toUpperCase();

/** A place's zone as resolved, else UTC (a place our data cannot put anywhere). */
export type ZoneOf = (place: ScanPlace) => string;

/** Resolves the zones of `places` (those not yet known) and answers them synchronously. */
export async function zonesOf(places: Places, wanted: Iterable<ScanPlace>): Promise<ZoneOf> {
  for (const p of wanted) {
    const key = keyOf(p);
    if (known.has(key)) continue;
    const zone = await places
      .timeZone({ city: p.city, postalCode: p.postalCode, countryCode: p.countryCode })
      .catch(() => undefined);
    known.set(key, zone ?? 'UTC');
  }
  return (p) => known.get(keyOf(p)) ?? 'UTC';
}

const pad = (n: number) => String(n).padStart(2, '0');
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;

/** An instant as the zone's local time with its offset: `2026-11-27T14:05:00-06:00`. */
export function localIso(ms: number, zone: string): string {
  const second = Math.floor(ms / 1000) * 1000;
  const offset = zoneOffsetMinutes(zone, second);
  return `${new Date(second + offset * 60_000).toISOString().slice(0, 19)}${offsetText(offset)}`;
}

/** A local date and time of day (HH:MM:SS) in a zone with the offset it has then: `2026-11-30T20:00:00-05:00`. */
export function localAt(date: string, time: string, zone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute, second] = time.split(':').map(Number) as [number, number, number];
  const instant = resolveWallTime(zone, { year, month, day, hour, minute }).instants[0];
  return localIso(instant + (second || 0) * 1000, zone);
}

/** The zones a lifecycle plan is made in: the origin's, the hub's and the destination's. */
export async function planZonesOf(
  places: Places,
  route: { origin: ScanPlace; hub: ScanPlace; destination: ScanPlace },
): Promise<PlanZones> {
  const zoneOf = await zonesOf(places, [route.origin, route.hub, route.destination]);
  return { origin: zoneOf(route.origin), hub: zoneOf(route.hub), destination: zoneOf(route.destination) };
}
