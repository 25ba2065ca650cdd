/**
 * Address standardization for the twin's address validation (docs/modules/carrier.md, "Address
 * validation"): street lines in upper case with USPS Publication 28 street suffixes, directionals
 * and unit designators abbreviated; whether a first line is a street address the twin can resolve;
 * and the classification rule.
 */

/** Street suffixes (USPS Publication 28, the common ones): long form → abbreviation. */
const SUFFIXES: Record<string, string> = {
  ALLEY: 'ALY',
  AVENUE: 'AVE',
  BOULEVARD: 'BLVD',
  CIRCLE: 'CIR',
  COURT: 'CT',
  CENTER: 'CTR',
  DRIVE: 'DR',
  EXPRESSWAY: 'EXPY',
  FREEWAY: 'FWY',
  HIGHWAY: 'HWY',
  LANE: 'LN',
  LOOP: 'LOOP',
  PARKWAY: 'PKWY',
  PIKE: 'PIKE',
  PLACE: 'PL',
  PLAZA: 'PLZ',
  ROAD: 'RD',
  ROUTE: 'RTE',
  ROW: 'ROW',
  SQUARE: 'SQ',
  STREET: 'ST',
  TERRACE: 'TER',
  TRAIL: 'TRL',
  TURNPIKE: 'TPKE',
  WAY: 'WAY',
  CROSSING: 'XING',
};
const SUFFIX_ABBREVIATIONS = new Set(Object.values(SUFFIXES));

const DIRECTIONALS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

/** Secondary unit designators: long form → abbreviation, and which kind of tenant each names. */
const UNITS: Record<string, { abbreviation: string; kind: 'business' | 'residential' | 'either' }> = {
  SUITE: { abbreviation: 'STE', kind: 'business' },
  STE: { abbreviation: 'STE', kind: 'business' },
  FLOOR: { abbreviation: 'FL', kind: 'business' },
  FL: { abbreviation: 'FL', kind: 'business' },
  BUILDING: { abbreviation: 'BLDG', kind: 'business' },
  BLDG: { abbreviation: 'BLDG', kind: 'business' },
  DEPARTMENT: { abbreviation: 'DEPT', kind: 'business' },
  DEPT: { abbreviation: 'DEPT', kind: 'business' },
  ROOM: { abbreviation: 'RM', kind: 'business' },
  RM: { abbreviation: 'RM', kind: 'business' },
  APARTMENT: { abbreviation: 'APT', kind: 'residential' },
  APT: { abbreviation: 'APT', kind: 'residential' },
  LOT: { abbreviation: 'LOT', kind: 'residential' },
  UNIT: { abbreviation: 'UNIT', kind: 'either' },
  '#': { abbreviation: '#', kind: 'either' },
};

/** Street types that are arterial or commercial roads, and those that are residential streets. */
const BUSINESS_SUFFIXES = new Set(['BLVD', 'PKWY', 'HWY', 'EXPY', 'FWY', 'PIKE', 'TPKE', 'PLZ', 'CTR', 'RTE']);
const RESIDENTIAL_SUFFIXES = new Set(['LN', 'CT', 'CIR', 'TER', 'PL', 'TRL', 'LOOP', 'WAY', 'ALY', 'ROW', 'SQ']);

const words = (line: string) =>
  line.toUpperCase().replace(/[.,]/g, ' ').replace(/#\s*/g, '# ').split(/\s+/).filter(Boolean);

/** A street line standardized: upper case, suffixes, directionals and unit designators abbreviated. */
export function standardizeLine(line: string): string {
  return words(line)
    .map((w) => SUFFIXES[w] ?? DIRECTIONALS[w] ?? UNITS[w]?.abbreviation ?? w)
    .join(' ')
    .replace(/# /g, '#');
}

export interface StreetReading {
  /** The first line is a house number, a street name and a known suffix (or a PO box). */
  resolvable: boolean;
  /** The house number is a range (`100-120 Main St`). */
  range: boolean;
  poBox: boolean;
  suffix: string | undefined;
  unitKinds: ('business' | 'residential' | 'either')[];
}

/** What the street lines say: a resolvable first line, a PO box, the suffix, the unit designators. */
export function readStreet(lines: string[]): StreetReading {
  const all = lines.map(standardizeLine);
  const first = (all[0] ?? '').split(' ').filter(Boolean);
  const poBox = /^(P ?O )?BOX \d+/.test(all[0] ?? '') || /^PO BOX\b/.test(all[0] ?? '');
  const range = /^\d+-\d+$/.test(first[0] ?? '');
  const unitAt = first.findIndex((w, i) => i > 0 && (UNITS[w] !== undefined || w.startsWith('#')));
  const street = unitAt > 0 ? first.slice(0, unitAt) : first;
  const suffix = street.slice(2).find((w) => SUFFIX_ABBREVIATIONS.has(w));
  const numbered = /^\d+[A-Z]?$/.test(street[0] ?? '') || range;
  const unitKinds = all
    .flatMap((line) => line.split(' '))
    .map((w) => (w.startsWith('#') ? UNITS['#'] : UNITS[w]))
    .filter((u) => u !== undefined)
    .map((u) => u.kind);
  return { resolvable: poBox || (numbered && suffix !== undefined), range, poBox, suffix, unitKinds };
}

export type Classification = 'BUSINESS' | 'RESIDENTIAL' | 'MIXED' | 'UNKNOWN';

/**
 * The classification rule: no street line → UNKNOWN (the document: "If just a zip code is
 * provided"); a PO box → UNKNOWN; units of both kinds, or a UNIT/# designator → MIXED; a business
 * unit (STE, FL, BLDG, DEPT, RM) → BUSINESS; a residential unit (APT, LOT) → RESIDENTIAL; no unit:
 * an arterial or commercial street type (BLVD, PKWY, HWY, …) → BUSINESS, a residential street type
 * (LN, CT, CIR, WAY, …) → RESIDENTIAL, any other (ST, AVE, RD, DR) → MIXED.
 */
export function classify(lines: string[], street: StreetReading): Classification {
  if (lines.every((l) => l.trim() === '') || street.poBox) return 'UNKNOWN';
  const kinds = new Set(street.unitKinds);
  if (kinds.has('either') || (kinds.has('business') && kinds.has('residential'))) return 'MIXED';
  if (kinds.has('business')) return 'BUSINESS';
  if (kinds.has('residential')) return 'RESIDENTIAL';
  if (street.suffix && BUSINESS_SUFFIXES.has(street.suffix)) return 'BUSINESS';
  if (street.suffix && RESIDENTIAL_SUFFIXES.has(street.suffix)) return 'RESIDENTIAL';
  return 'MIXED';
}
