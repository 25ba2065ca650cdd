/**
 * What each `lab import <dataset>` file looks like: its file types, options, columns and an example
 * row, with the example file shipped in `data/examples/`. One table for the CLI (`lab import
 * <dataset> --help`) and for the screens that need the data (they show the exact command with the
 * file types and the columns). The server's datasets validate the rows (zod); a server test imports
 * every example file, so a column named here that the dataset does not read fails there.
 */

export interface DatasetColumn {
  name: string;
  /** What the cell holds. */
  description: string;
  /** The cell of the example row (our own invented values, not carrier data). */
  example: string;
}

export interface DatasetFileFormat {
  name: DatasetName;
  /** The file argument as the command shows it, e.g. `<file.csv|.json|.xlsx>`. */
  file: string;
  /** Options after the file, e.g. `--dataset <label>`. */
  options: string;
  /** The columns of a row (header names, any case; for a file without header, in order). */
  columns: readonly DatasetColumn[];
  /** A note on the layout when the columns alone do not say it. */
  layout?: string;
  /** The example file under the repository's `data/examples/`, and the options it imports with. */
  exampleFile: string;
  exampleOptions: Readonly<Record<string, string>>;
}

export const DATASET_NAMES = [
  'regions-served',
  'hs-cn',
  'etd-eci',
  'postal-geonames',
  'transactions',
  'carrier-openapi',
] as const;
export type DatasetName = (typeof DATASET_NAMES)[number];

const TABULAR = '<file.csv|.json|.xlsx>';
const yesNo = (what: string) => `${what}: YES or NO`;
const level = (what: string) => `${what}: OPTIONAL, REQUIRED or PROHIBITED`;
/** Columns as `[name, description, example cell]`. */
const columns = (list: [string, string, string][]): DatasetColumn[] =>
  list.map(([name, description, example]) => ({ name, description, example }));

export const DATASET_FILES: Readonly<Record<DatasetName, DatasetFileFormat>> = {
  'regions-served': {
    name: 'regions-served',
    file: TABULAR,
    options: '',
    columns: columns([
      ['alpha_2', 'ISO 3166-1 alpha-2 country code', 'NZ'],
      ['is_served', 'YES, NO or empty (no data)', 'YES'],
      ['is_postal_routed', 'YES, NO or empty (no data)', 'YES'],
      ['postal_digits', 'digits of a postal code (1-99) or empty', '4'],
      ['postal_pattern', 'regular expression of a postal code, or empty', '^\\d{4}$'],
    ]),
    exampleFile: 'regions-served.csv',
    exampleOptions: {},
  },
  'hs-cn': {
    name: 'hs-cn',
    file: TABULAR,
    options: '--dataset <label>',
    columns: columns([
      ['location', 'where the code applies, e.g. ALL or nonSCN', 'ALL'],
      ['hs_code', '2 to 12 digits (dots and spaces ignored)', '9503001000'],
      ['commodity_name', 'the commodity', 'Example toy tricycle'],
      ['legal_unit_1', 'first legal unit, or empty', '千克'],
      ['legal_unit_2', 'second legal unit, or empty', '个'],
      ['regulatory_condition', 'regulatory condition codes, or empty', ''],
      ['export_tax_rate', 'export tax rate, or empty', '0'],
    ]),
    layout:
      'The international HS nomenclature (section, hscode, description, parent, level) is read too; its TOTAL row is skipped.',
    exampleFile: 'hs-cn.csv',
    exampleOptions: { dataset: 'example' },
  },
  'etd-eci': {
    name: 'etd-eci',
    file: TABULAR,
    options: '--dataset <label>',
    columns: columns([
      ['alpha_2', 'ISO 3166-1 alpha-2 country code, once per file', 'NZ'],
      ['etd_export', yesNo('electronic trade documents on export'), 'YES'],
      ['etd_import', yesNo('electronic trade documents on import'), 'YES'],
      ['eci_export', yesNo('electronic commercial invoice on export'), 'NO'],
      ['eci_import', yesNo('electronic commercial invoice on import'), 'YES'],
      ['signature_export', level('signature on export'), 'OPTIONAL'],
      ['signature_import', level('signature on import'), 'REQUIRED'],
      ['letterhead_export', level('letterhead on export'), 'OPTIONAL'],
      ['letterhead_import', level('letterhead on import'), 'PROHIBITED'],
    ]),
    exampleFile: 'etd-eci.csv',
    exampleOptions: { dataset: 'example' },
  },
  'postal-geonames': {
    name: 'postal-geonames',
    file: '<allCountries.txt|CC.txt>',
    options: '',
    columns: columns([
      ['country_code', 'ISO 3166-1 alpha-2 country code', 'CN'],
      ['postal_code', 'the postal code', '200000'],
      ['place_name', 'the place', 'Example Town'],
      ['admin_name1', 'state or province', 'Shanghai'],
      ['admin_code1', 'its code', '23'],
      ['admin_name2', 'county or prefecture', ''],
      ['admin_code2', 'its code', ''],
      ['admin_name3', 'community', ''],
      ['admin_code3', 'its code', ''],
      ['latitude', 'decimal degrees, or empty', '31.2222'],
      ['longitude', 'decimal degrees, or empty', '121.4581'],
      ['accuracy', 'GeoNames accuracy (1, 4 or 6), or empty', '4'],
    ]),
    layout: 'A GeoNames postal dump, unzipped: one place per line, 12 tab-separated columns in this order, no header.',
    exampleFile: 'postal-geonames.txt',
    exampleOptions: {},
  },
  transactions: {
    name: 'transactions',
    file: TABULAR,
    options: '--version <V>',
    columns: columns([
      [
        'tran_type',
        'transaction type, e.g. 020-global-shipping-transaction-request',
        '020-global-shipping-transaction-request',
      ],
      ['tran_id', 'field number, 1-4 digits', '9001'],
      ['description', 'field name', 'example_note'],
      ['value_type', 'value type (AN, N …), or empty', 'AN'],
      ['length', 'maximum length (the too-long check), or empty', '30'],
      ['occurrences', 'how often the field may occur, or empty', '1'],
      ['details', 'what the field means, or empty', 'An invented field of the example file'],
      ['all_values', 'possible values separated by ~, or empty', 'A~B'],
    ]),
    exampleFile: 'transactions.json',
    exampleOptions: { version: 'EXAMPLE1' },
  },
  'carrier-openapi': {
    name: 'carrier-openapi',
    file: '<file.json|.yaml|dir>…',
    options: '',
    columns: [],
    layout:
      "The carrier's OpenAPI 3.x documents, one API resource per file (named <api>--<Resource>.json), or folders of them.",
    exampleFile: 'carrier-openapi.json',
    exampleOptions: {},
  },
};

/** The exact command that imports a dataset, with its file types and options. */
export function importCommandOf(name: DatasetName, options: Readonly<Record<string, string>> = {}): string {
  const format = DATASET_FILES[name];
  let opts = format.options;
  for (const [key, value] of Object.entries(options))
    opts = opts.replace(new RegExp(`(--${key}) <[^>]+>`), `$1 ${value}`);
  return ['lab import', name, format.file, opts].filter(Boolean).join(' ');
}

/** `columns: a, b, c` (empty for a dataset of whole documents). */
export function columnsOf(name: DatasetName): string {
  const { columns } = DATASET_FILES[name];
  return columns.length === 0 ? '' : `columns: ${columns.map((c) => c.name).join(', ')}`;
}
