/**
 * First-level subdivision names for every country, by the code the cities data gives them (the
 * GeoNames admin1 code: Munich's `02` is Bavaria), from the maintained `iso3166-2-db` package
 * (MIT; its `admin` field is that code; English and, where it has them, Chinese names). China and
 * the US keep `@lab/core/regions`' names, whose Chinese is the carrier's (纽约州, 上海市).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { subdivisionName } from '@lab/core/regions';

export interface AdminName {
  name: string;
  /** null where the data has no Chinese name. */
  name_cn: string | null;
}

interface DbRegion {
  name: string;
  admin?: string;
  names?: Record<string, string>;
}
interface DbCountry {
  regions?: DbRegion[];
}

let table: Map<string, AdminName> | undefined;

/** country + admin1 code → names; built once from the package's data file (~4,000 entries). */
function subdivisionTable(): Map<string, AdminName> {
  if (table) return table;
  const file = createRequire(import.meta.url).resolve('iso3166-2-db/data/iso3166-2.json');
  const data = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, DbCountry>;
  table = new Map();
  for (const [country, entry] of Object.entries(data)) {
    for (const region of entry.regions ?? []) {
      if (!region.admin) continue;
      const name = region.names?.en || region.name;
      table.set(`${country}.${region.admin}`, { name, name_cn: region.names?.zh || null });
    }
  }
  return table;
}

/** The names of a country's first-level subdivision by its admin1 code; null when no data names it. */
export function adminName(country: string, adminCode: string): AdminName | null {
  if (!adminCode) return null;
  return subdivisionName(country, adminCode) ?? subdivisionTable().get(`${country}.${adminCode}`) ?? null;
}
