import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHINA_REGION } from '../../../../test/regions.js';
import {
  checkHsKeyword,
  etdCsvFileName,
  etdImportCsv,
  filterRegionCards,
  filterUsStates,
  foldDiacritics,
  hsLocationLabel,
  inRegionPath,
  matchesImportFilter,
  nameMatches,
  normalizeAlphaCode,
  postalDigitsOfPattern,
  sideTags,
  US_STATES,
  type EtdEciRule,
  type RegionRecord,
} from './index.js';

describe('region matching', () => {
  it('normalises alpha codes to upper case', () => {
    expect(normalizeAlphaCode(' cn ')).toBe('CN');
    fc.assert(fc.property(fc.string(), (s) => normalizeAlphaCode(normalizeAlphaCode(s)) === normalizeAlphaCode(s)));
  });

  it('treats spaces in a name keyword as wildcards, in order', () => {
    expect(nameMatches('united kin', ['United Kingdom'])).toBe(true);
    expect(nameMatches('UNITED   states', ['United States of America'])).toBe(true);
    expect(nameMatches('kin united', ['United Kingdom'])).toBe(false);
    expect(nameMatches('中国', ['China', '中国'])).toBe(true);
    expect(nameMatches('curacao', ['Curaçao'])).toBe(true);
    expect(nameMatches('   ', ['anything'])).toBe(false);
  });

  it('finds every name by any of its own words and never throws on odd keywords', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 4 }), (words) => {
        const name = words.join(' ');
        return nameMatches(words.join('  '), [name]) && nameMatches(words[0]!, [name.toUpperCase()]);
      }),
    );
    fc.assert(fc.property(fc.string(), (kw) => typeof nameMatches(kw, ['(x)[y]*+?']) === 'boolean'));
  });

  it('folds accents', () => {
    expect(foldDiacritics('São Tomé')).toBe('Sao Tome');
  });

  it('counts the digits of fixed postal patterns only', () => {
    expect(postalDigitsOfPattern('^\\d{5}$')).toBe(5);
    expect(postalDigitsOfPattern('^\\d{3}-\\d{4}$')).toBe(7);
    expect(postalDigitsOfPattern('^\\d{2}[ ]?\\d{3}$')).toBe(5);
    expect(postalDigitsOfPattern('^\\d{5}[\\-]?\\d{3}$')).toBe(8);
    expect(postalDigitsOfPattern('^\\d{4}[ ]?[A-Z]{2}$')).toBeUndefined();
    expect(postalDigitsOfPattern('^(?!0)\\d{4}$')).toBeUndefined();
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), (n) => postalDigitsOfPattern(`^\\d{${n}}$`) === n));
  });
});

const record = (over: Partial<RegionRecord>): RegionRecord => ({ ...CHINA_REGION, ...over });

describe('region cards and paths', () => {
  const cards = [
    record({ alpha_2: 'A', is_served: true }),
    record({ alpha_2: 'B', is_served: false, is_postal_routed: false }),
    record({ alpha_2: 'C' }),
  ];
  it('filters cards; unknown service is neither served nor not served', () => {
    expect(filterRegionCards(cards, 'all').map((r) => r.alpha_2)).toEqual(['A', 'B', 'C']);
    expect(filterRegionCards(cards, 'served').map((r) => r.alpha_2)).toEqual(['A']);
    expect(filterRegionCards(cards, 'not_served').map((r) => r.alpha_2)).toEqual(['B']);
    expect(filterRegionCards(cards, 'postal_routed').map((r) => r.alpha_2)).toEqual(['A', 'C']);
    expect(filterRegionCards(cards, 'non_postal_routed').map((r) => r.alpha_2)).toEqual(['B']);
  });
  it('matches a region path from the top', () => {
    expect(inRegionPath(record({}), ['Asia'])).toBe(true);
    expect(inRegionPath(record({}), ['Asia', 'Eastern Asia'])).toBe(true);
    expect(inRegionPath(record({}), ['Eastern Asia'])).toBe(false);
    expect(inRegionPath(record({}), [])).toBe(false);
  });
});

describe('US states', () => {
  it('lists the 50 states, DC and PR', () => {
    expect(US_STATES).toHaveLength(52);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(52);
    expect(US_STATES.find((s) => s.code === 'PR')?.capital).toBe('San Juan');
  });
  it('filters by code, name or capital', () => {
    expect(filterUsStates('tx').map((s) => s.code)).toEqual(['TX']);
    expect(filterUsStates('sacramento').map((s) => s.code)).toEqual(['CA']);
    expect(filterUsStates('')).toHaveLength(52);
  });
});

describe('HS keyword', () => {
  it('needs 4 to 12 digits', () => {
    expect(checkHsKeyword('010')).toEqual({ ok: false, message: '请输入至少4位数字' });
    expect(checkHsKeyword('abcd')).toEqual({ ok: false, message: '请输入至少4位数字' });
    expect(checkHsKeyword('0101.21')).toEqual({ ok: true, digits: '010121' });
    expect(checkHsKeyword('1234567890123').ok).toBe(false);
    fc.assert(fc.property(fc.stringMatching(/^\d{4,12}$/), (d) => checkHsKeyword(d).ok));
  });
  it('labels locations', () => {
    expect(hsLocationLabel('nonSCN')).toBe('非华南');
    expect(hsLocationLabel('ALL')).toBe('全国');
  });
});

describe('ETD/ECI', () => {
  const rule: EtdEciRule = {
    alpha_2: 'US',
    etd_export: true,
    etd_import: false,
    eci_export: true,
    eci_import: true,
    signature_export: 'OPTIONAL',
    signature_import: 'REQUIRED',
    letterhead_export: 'OPTIONAL',
    letterhead_import: 'PROHIBITED',
  };
  it('tags a side', () => {
    expect(sideTags({ etd: false, eci: true, signature: 'REQUIRED', letterhead: 'PROHIBITED' })).toEqual({
      etd: 'EWO',
      eci: 'ECI Accepted',
      signature: 'Signature Required',
      letterhead: 'Letterhead Prohibited',
    });
  });
  it('filters on the import side', () => {
    expect(matchesImportFilter(rule, { etd: 'NO', eci: 'YES', signature: 'REQUIRED', letterhead: 'ALL' })).toBe(true);
    expect(matchesImportFilter(rule, { etd: 'YES', eci: 'ALL', signature: 'ALL', letterhead: 'ALL' })).toBe(false);
  });
  it('writes the CSV with a byte-order mark and quoting', () => {
    const csv = etdImportCsv([{ ...rule, name: 'United States, of America', name_cn: '美国' }]);
    expect(csv).toBe(
      '\uFEFFalpha_2,name,name_cn,etd_import,eci_import,signature_import,letterhead_import\r\n' +
        'US,"United States, of America",美国,NO,YES,REQUIRED,PROHIBITED\r\n',
    );
    expect(etdCsvFileName(new Date(2026, 2, 22, 10, 15, 0))).toBe('etd-eci-20260322-101500.csv');
  });
});
