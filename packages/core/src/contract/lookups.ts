import { z } from 'zod';
import { REQUIREMENT_LEVELS } from '../regions/etdEci.js';
import { REGION_KEYWORD_MAX } from '../regions/matching.js';
import type { M49Node } from '../regions/matching.js';
import { alpha2Param, datasetInfo } from './common.js';

/**
 * Useful Tools lookups. The utility endpoints keep the snake_case fields and the
 * `{tag, msg, data}` replies their first callers read.
 */
const tag = z.enum(['success', 'error']);

// ── Search Regions ─────────────────────────────────────────────────────────────────────────────

/** One country as the regions API answers it. */
export const regionRecord = z.object({
  name: z.string(),
  name_cn: z.string(),
  region: z.string(),
  sub_region: z.string(),
  intermediate_region: z.string(),
  alpha_2: z.string(),
  alpha_3: z.string(),
  country_code: z.string(),
  /** null: no carrier data loaded for this country (shown as Unknown). */
  is_served: z.boolean().nullable(),
  is_postal_routed: z.boolean(),
  postal_pattern: z.object({ digits: z.number().nullable(), pattern: z.string().nullable() }),
});
export type RegionRecord = z.output<typeof regionRecord>;

export const regionSearchBody = z.object({
  type: z.enum(['alpha_2', 'alpha_3', 'name', 'region']),
  keyword: z.string().max(REGION_KEYWORD_MAX).optional(),
  regions: z.array(z.string().min(1).max(100)).max(3).optional(),
});
export type RegionSearchBody = z.input<typeof regionSearchBody>;

/** `tag: "error"` with `msg` when nothing matched (still a 200). */
export const regionSearchReply = z.object({ tag, msg: z.string().optional(), data: z.array(regionRecord) });
export type RegionSearchReply = z.output<typeof regionSearchReply>;

/** A country of the country pickers: a region record's codes and names. */
export const countryOption = regionRecord.pick({ alpha_2: true, alpha_3: true, name: true, name_cn: true });
export type CountryOption = z.output<typeof countryOption>;
export const countriesReply = z.object({ data: z.array(countryOption) });
export type CountriesReply = z.output<typeof countriesReply>;

const m49Node: z.ZodType<M49Node> = z.lazy(() =>
  z.object({ code: z.string(), name: z.string(), children: z.array(m49Node) }),
);
export const m49Reply = z.object({ data: z.array(m49Node) });
export type M49Reply = z.output<typeof m49Reply>;

// ── Search Cities ──────────────────────────────────────────────────────────────────────────────

export const citiesQuery = z.object({
  q: z.string().trim().min(1, 'enter a city name').max(100),
  country: alpha2Param.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type CitiesQuery = z.input<typeof citiesQuery>;

export const cityRow = z.object({
  id: z.number(),
  name: z.string(),
  country_code: z.string(),
  country_name: z.string(),
  country_name_cn: z.string(),
  admin_code: z.string().describe("GeoNames first-level subdivision code (not ISO 3166-2: Shanghai is CN '23')"),
  admin_name: z.string().nullable().describe('the subdivision name, null where not known (known for CN and US)'),
  admin_name_cn: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  population: z.number(),
});
export type CityRow = z.output<typeof cityRow>;
export const citiesReply = z.object({ tookMs: z.number(), data: z.array(cityRow) });
export type CitiesReply = z.output<typeof citiesReply>;
/** Whether the city index is built (false: the next search builds it, the first after start or after idle). */
export const citiesReadyReply = z.object({ ready: z.boolean() });

// ── Search US States ───────────────────────────────────────────────────────────────────────────

export const usStatesQuery = z.object({ q: z.string().max(50).default('') });
export type UsStatesQuery = z.input<typeof usStatesQuery>;
export const usStatesReply = z.object({
  data: z.array(z.object({ code: z.string(), name: z.string(), capital: z.string(), timeZones: z.array(z.string()) })),
});
export type UsStatesReply = z.output<typeof usStatesReply>;

// ── Search HS Code (CN) ────────────────────────────────────────────────────────────────────────

/** One China customs commodity row, as stored and shown. */
export const hsCodeRow = z.object({
  /** `nonSCN` (outside South China) or anything else for nationwide. */
  location: z.string(),
  hs_code: z.string(),
  commodity_name: z.string(),
  legal_unit_1: z.string(),
  legal_unit_2: z.string(),
  regulatory_condition: z.string(),
  export_tax_rate: z.string(),
});
export type HsCodeRow = z.output<typeof hsCodeRow>;

export const hsSearchBody = z.object({
  keyword: z.string().max(20),
  page: z.number().int().min(1).max(100000).default(1),
});
export type HsSearchBody = z.input<typeof hsSearchBody>;

/** `msg` is one of HS_MESSAGES; `tag: "error"` when nothing is loaded or found (still a 200). */
export const hsSearchReply = z.object({
  tag,
  msg: z.string().optional(),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  dataset: datasetInfo,
  data: z.array(hsCodeRow),
});
export type HsSearchReply = z.output<typeof hsSearchReply>;

// ── ETD/ECI requirements ───────────────────────────────────────────────────────────────────────

const level = z.enum(REQUIREMENT_LEVELS);

/** One country's rules, as imported (`lab import etd-eci`). */
export const etdEciRule = z.object({
  alpha_2: z.string(),
  etd_export: z.boolean(),
  etd_import: z.boolean(),
  eci_export: z.boolean(),
  eci_import: z.boolean(),
  signature_export: level,
  signature_import: level,
  letterhead_export: level,
  letterhead_import: level,
});
export type EtdEciRule = z.output<typeof etdEciRule>;

/** One side of a shipment (the origin's export side or the destination's import side). */
export const etdSide = z.object({ etd: z.boolean(), eci: z.boolean(), signature: level, letterhead: level });
export type EtdSide = z.output<typeof etdSide>;

export const etdRequirementQuery = z.object({ from: alpha2Param, to: alpha2Param });
export type EtdRequirementQuery = z.input<typeof etdRequirementQuery>;

const laneEnd = z.object({
  alpha_2: z.string(),
  name: z.string(),
  name_cn: z.string(),
  /** null: no rule imported for this country. */
  side: etdSide.nullable(),
});
export type EtdLaneEnd = z.output<typeof laneEnd>;
export const etdRequirementReply = z.object({ dataset: datasetInfo, from: laneEnd, to: laneEnd });
export type EtdRequirementReply = z.output<typeof etdRequirementReply>;

export const etdRow = etdEciRule.extend({ name: z.string(), name_cn: z.string() });
export type EtdRow = z.output<typeof etdRow>;
export const etdListReply = z.object({ dataset: datasetInfo, data: z.array(etdRow) });
export type EtdListReply = z.output<typeof etdListReply>;

// ── Postal code → city ─────────────────────────────────────────────────────────────────────────

export const postalLookupBody = z.object({
  countryCode: alpha2Param,
  postalCode: z.string().trim().min(1, 'enter a postal code').max(12),
});
export type PostalLookupBody = z.input<typeof postalLookupBody>;

/** One place a postal code belongs to. `null` tags: the source does not say. */
export const postalPlace = z.object({
  countryCode: z.string(),
  postalCode: z.string(),
  city: z.string(),
  stateOrProvinceCode: z.string(),
  primary: z.boolean().nullable(),
  residential: z.boolean().nullable(),
});
export type PostalPlace = z.output<typeof postalPlace>;
export const postalLookupReply = z.array(postalPlace);
export type PostalLookupReply = z.output<typeof postalLookupReply>;

// ── Dataset status (what a lookup screen says when its data is not loaded) ──────────────────────

/** The lookup datasets a screen asks about before searching. */
export const LOOKUP_DATASET_NAMES = ['regions-served', 'etd-eci', 'hs-cn', 'postal-geonames'] as const;
export type LookupDatasetName = (typeof LOOKUP_DATASET_NAMES)[number];
export const datasetStatusParams = z.object({ name: z.enum(LOOKUP_DATASET_NAMES) });
/** GET /utils/v1/datasets/{name}: the newest import of the dataset, null when it was never imported. */
export const datasetStatusReply = z.object({ name: z.enum(LOOKUP_DATASET_NAMES), dataset: datasetInfo });
export type DatasetStatusReply = z.output<typeof datasetStatusReply>;
