/** The carrier's electronic trade documents (ETD) and electronic commercial invoice (ECI) rules. */

import type { EtdEciRule, EtdSide } from '../contract/lookups.js';

export const REQUIREMENT_LEVELS = ['OPTIONAL', 'REQUIRED', 'PROHIBITED'] as const;
export type RequirementLevel = (typeof REQUIREMENT_LEVELS)[number];

export type { EtdEciRule, EtdSide } from '../contract/lookups.js';

export function exportSide(rule: EtdEciRule): EtdSide {
  return {
    etd: rule.etd_export,
    eci: rule.eci_export,
    signature: rule.signature_export,
    letterhead: rule.letterhead_export,
  };
}

export function importSide(rule: EtdEciRule): EtdSide {
  return {
    etd: rule.etd_import,
    eci: rule.eci_import,
    signature: rule.signature_import,
    letterhead: rule.letterhead_import,
  };
}

/** Tags as the screen shows them: ETD or EWO (paper), ECI Accepted/Prohibited, level words. */
export function sideTags(side: EtdSide): { etd: string; eci: string; signature: string; letterhead: string } {
  const word = (l: RequirementLevel) => l.charAt(0) + l.slice(1).toLowerCase();
  return {
    etd: side.etd ? 'ETD' : 'EWO',
    eci: side.eci ? 'ECI Accepted' : 'ECI Prohibited',
    signature: `Signature ${word(side.signature)}`,
    letterhead: `Letterhead ${word(side.letterhead)}`,
  };
}

export type YesNoFilter = 'ALL' | 'YES' | 'NO';
export type LevelFilter = 'ALL' | RequirementLevel;

export interface ImportSideFilter {
  etd: YesNoFilter;
  eci: YesNoFilter;
  signature: LevelFilter;
  letterhead: LevelFilter;
}

/** The browse filters, applied to the import side of each rule. */
export function matchesImportFilter(rule: EtdEciRule, f: ImportSideFilter): boolean {
  const yesNo = (v: boolean, want: YesNoFilter) => want === 'ALL' || (want === 'YES') === v;
  return (
    yesNo(rule.etd_import, f.etd) &&
    yesNo(rule.eci_import, f.eci) &&
    (f.signature === 'ALL' || rule.signature_import === f.signature) &&
    (f.letterhead === 'ALL' || rule.letterhead_import === f.letterhead)
  );
}

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const ETD_CSV_COLUMNS = [
  'alpha_2',
  'name',
  'name_cn',
  'etd_import',
  'eci_import',
  'signature_import',
  'letterhead_import',
] as const;

/** The browse table as a CSV download: UTF-8 with a byte-order mark so spreadsheets read the Chinese names. */
export function etdImportCsv(rows: readonly (EtdEciRule & { name: string; name_cn: string })[]): string {
  const lines = [ETD_CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.alpha_2,
        r.name,
        r.name_cn,
        r.etd_import ? 'YES' : 'NO',
        r.eci_import ? 'YES' : 'NO',
        r.signature_import,
        r.letterhead_import,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** `etd-eci-20260322-101500.csv` from the local time the download was made. */
export function etdCsvFileName(at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `etd-eci-${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}.csv`;
}
