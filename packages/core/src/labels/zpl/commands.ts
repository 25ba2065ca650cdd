/**
 * The ZPL II commands we know: name, parameters with their ranges and defaults (from the ZPL II
 * programming guide), and what a command does to a field (for the linter and data extraction).
 * Every command of the reference corpus is here; a command that is not is an "unknown command".
 */

export type ParamSpec =
  | { name: string; type: 'int' | 'num'; min: number; max: number; default?: number }
  | { name: string; type: 'enum'; values: readonly string[]; default?: string }
  | { name: string; type: 'text' };

/** What the command contributes to the current field. */
export type FieldRole = 'origin' | 'data' | 'end' | 'barcode' | 'font' | 'graphic' | 'comment';

export interface CommandSpec {
  /** `^` (format) and/or `~` (control). */
  kinds: readonly ('^' | '~')[];
  code: string;
  title: string;
  params: readonly ParamSpec[];
  role?: FieldRole;
  /** Barcodes: the symbology's name. */
  symbology?: string;
}

const int = (name: string, min: number, max: number, d?: number): ParamSpec =>
  d === undefined ? { name, type: 'int', min, max } : { name, type: 'int', min, max, default: d };
const num = (name: string, min: number, max: number, d?: number): ParamSpec =>
  d === undefined ? { name, type: 'num', min, max } : { name, type: 'num', min, max, default: d };
const en = (name: string, values: string | readonly string[], d?: string): ParamSpec => {
  const list = typeof values === 'string' ? values.split('') : values;
  return d === undefined ? { name, type: 'enum', values: list } : { name, type: 'enum', values: list, default: d };
};
const yn = (name: string, d?: string) => en(name, 'YN', d);
const txt = (name: string): ParamSpec => ({ name, type: 'text' });
const orientation = en('orientation', 'NRIB');
const MAX = 32000;

type Row = [kinds: string, code: string, title: string, params: ParamSpec[], role?: FieldRole, symbology?: string];

const ROWS: Row[] = [
  // Label format
  ['^', 'XA', 'Start format', []],
  ['^', 'XZ', 'End format', []],
  ['^', 'XB', 'Suppress backfeed', []],
  ['^', 'XF', 'Recall format', [txt('format name')]],
  ['^', 'DF', 'Download format', [txt('format name')]],
  [
    '^',
    'XG',
    'Recall graphic',
    [txt('graphic name'), int('x magnification', 1, 10, 1), int('y magnification', 1, 10, 1)],
    'graphic',
  ],
  ['^', 'FX', 'Comment', [txt('comment')], 'comment'],
  // Fields
  ['^', 'FO', 'Field origin', [int('x', 0, MAX, 0), int('y', 0, MAX, 0), en('justification', '012')], 'origin'],
  ['^', 'FT', 'Field typeset', [int('x', 0, MAX), int('y', 0, MAX), en('justification', '012')], 'origin'],
  ['^', 'FD', 'Field data', [txt('data')], 'data'],
  ['^', 'FV', 'Field variable', [txt('data')], 'data'],
  ['^', 'FS', 'Field separator', [], 'end'],
  ['^', 'FH', 'Field hexadecimal indicator', [txt('indicator')]],
  ['^', 'FN', 'Field number', [int('number', 0, 9999, 0), txt('prompt')]],
  ['^', 'FR', 'Field reverse print', []],
  [
    '^',
    'FB',
    'Field block',
    [
      int('width', 0, MAX, 0),
      int('lines', 1, 9999, 1),
      int('line spacing', -9999, 9999, 0),
      en('justification', 'LCRJ', 'L'),
      int('hanging indent', 0, 9999, 0),
    ],
  ],
  ['^', 'TB', 'Text block', [orientation, int('width', 1, MAX), int('height', 1, MAX)]],
  ['^', 'FW', 'Field orientation', [orientation, en('justification', '012')]],
  ['^', 'FP', 'Field parameter', [en('direction', 'HVR', 'H'), int('gap', 0, 9999, 0)]],
  ['^', 'FC', 'Field clock', [txt('primary'), txt('secondary'), txt('tertiary')]],
  ['^', 'FE', 'Field extended', [txt('escape')]],
  ['^', 'FM', 'Multiple field origins', [txt('x1'), txt('y1')]],
  ['^', 'FL', 'Font linking', [txt('extension'), txt('base'), int('link', 0, 1)]],
  [
    '^',
    'SN',
    'Serialization data',
    [txt('start'), int('increment', -999999, 999999, 1), yn('leading zeros', 'N')],
    'data',
  ],
  ['^', 'SF', 'Serialization field', [txt('mask'), txt('increment')]],
  // Fonts
  [
    '^',
    'A',
    'Scalable/bitmapped font',
    [txt('font'), orientation, int('height', 0, MAX), int('width', 0, MAX), txt('font file')],
    'font',
  ],
  ['^', 'CF', 'Change default font', [txt('font'), int('height', 0, MAX), int('width', 0, MAX)]],
  ['^', 'CW', 'Font identifier', [txt('letter'), txt('font file')]],
  ['^', 'CI', 'Change international font/encoding', [int('character set', 0, 36, 0), txt('remap')]],
  ['^~', 'CC', 'Change caret', [txt('prefix')]],
  ['^~', 'CT', 'Change tilde', [txt('prefix')]],
  ['^~', 'CD', 'Change delimiter', [txt('delimiter')]],
  // Graphics
  [
    '^',
    'GB',
    'Graphic box',
    [
      int('width', 0, MAX),
      int('height', 0, MAX),
      int('thickness', 1, MAX, 1),
      en('color', 'BW', 'B'),
      int('rounding', 0, 8, 0),
    ],
    'graphic',
  ],
  [
    '^',
    'GC',
    'Graphic circle',
    [int('diameter', 3, 4095, 3), int('thickness', 2, 4095, 1), en('color', 'BW', 'B')],
    'graphic',
  ],
  [
    '^',
    'GE',
    'Graphic ellipse',
    [int('width', 3, 4095), int('height', 3, 4095), int('thickness', 2, 4095, 1), en('color', 'BW', 'B')],
    'graphic',
  ],
  [
    '^',
    'GD',
    'Graphic diagonal line',
    [
      int('width', 3, MAX),
      int('height', 3, MAX),
      int('thickness', 1, MAX, 1),
      en('color', 'BW', 'B'),
      en('direction', ['R', '/', 'L', '\\'], 'R'),
    ],
    'graphic',
  ],
  ['^', 'GS', 'Graphic symbol', [orientation, int('height', 1, MAX), int('width', 1, MAX)], 'font'],
  [
    '^',
    'GF',
    'Graphic field',
    [
      en('format', 'ABC', 'A'),
      int('data bytes', 1, 99999999),
      int('total bytes', 1, 99999999),
      int('bytes per row', 1, 99999),
      txt('data'),
    ],
    'graphic',
  ],
  ['^', 'IM', 'Image move', [txt('name')], 'graphic'],
  ['^', 'IL', 'Image load', [txt('name')]],
  ['^', 'IS', 'Image save', [txt('name'), yn('print', 'Y')]],
  ['^', 'ID', 'Object delete', [txt('name')]],
  // Barcodes
  [
    '^',
    'BY',
    'Bar code field default',
    [int('module width', 1, 10, 2), num('ratio', 2, 3, 3), int('height', 1, MAX, 10)],
  ],
  [
    '^',
    'BC',
    'Code 128',
    [
      orientation,
      int('height', 1, MAX),
      yn('interpretation line', 'Y'),
      yn('line above', 'N'),
      yn('check digit', 'N'),
      en('mode', 'NUAD', 'N'),
    ],
    'barcode',
    'Code 128',
  ],
  [
    '^',
    'B3',
    'Code 39',
    [orientation, yn('check digit', 'N'), int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N')],
    'barcode',
    'Code 39',
  ],
  [
    '^',
    'BA',
    'Code 93',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N'), yn('check digit', 'N')],
    'barcode',
    'Code 93',
  ],
  [
    '^',
    'B2',
    'Interleaved 2 of 5',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N'), yn('check digit', 'N')],
    'barcode',
    'Interleaved 2 of 5',
  ],
  [
    '^',
    'B1',
    'Code 11',
    [orientation, yn('check digit', 'N'), int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N')],
    'barcode',
    'Code 11',
  ],
  [
    '^',
    'BK',
    'ANSI Codabar',
    [
      orientation,
      yn('check digit', 'N'),
      int('height', 1, MAX),
      yn('interpretation line', 'Y'),
      yn('line above', 'N'),
      en('start', 'ABCD', 'A'),
      en('stop', 'ABCD', 'A'),
    ],
    'barcode',
    'Codabar',
  ],
  [
    '^',
    'BE',
    'EAN-13',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N')],
    'barcode',
    'EAN-13',
  ],
  [
    '^',
    'B8',
    'EAN-8',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N')],
    'barcode',
    'EAN-8',
  ],
  [
    '^',
    'BU',
    'UPC-A',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N'), yn('check digit', 'Y')],
    'barcode',
    'UPC-A',
  ],
  [
    '^',
    'B9',
    'UPC-E',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N'), yn('check digit', 'Y')],
    'barcode',
    'UPC-E',
  ],
  [
    '^',
    'BS',
    'UPC/EAN extensions',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'Y')],
    'barcode',
    'UPC/EAN extension',
  ],
  [
    '^',
    'BI',
    'Industrial 2 of 5',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N')],
    'barcode',
    'Industrial 2 of 5',
  ],
  [
    '^',
    'BJ',
    'Standard 2 of 5',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N')],
    'barcode',
    'Standard 2 of 5',
  ],
  [
    '^',
    'BM',
    'MSI',
    [
      orientation,
      en('check digit', 'ABCD', 'B'),
      int('height', 1, MAX),
      yn('interpretation line', 'Y'),
      yn('line above', 'N'),
      yn('insert check digit', 'N'),
    ],
    'barcode',
    'MSI',
  ],
  [
    '^',
    'BP',
    'Plessey',
    [orientation, yn('check digit', 'N'), int('height', 1, MAX), yn('interpretation line', 'Y'), yn('line above', 'N')],
    'barcode',
    'Plessey',
  ],
  [
    '^',
    'BZ',
    'POSTNET',
    [orientation, int('height', 1, MAX), yn('interpretation line', 'N'), yn('line above', 'N'), int('type', 0, 3, 0)],
    'barcode',
    'POSTNET',
  ],
  [
    '^',
    'BQ',
    'QR Code',
    [
      en('orientation', 'N', 'N'),
      int('model', 1, 2, 2),
      int('magnification', 1, 100),
      en('error correction', 'HQML', 'Q'),
      int('mask', 0, 7, 7),
    ],
    'barcode',
    'QR Code',
  ],
  [
    '^',
    'BX',
    'Data Matrix',
    [
      orientation,
      int('element height', 1, MAX),
      en('quality', ['0', '50', '80', '100', '140', '200'], '0'),
      int('columns', 0, 144),
      int('rows', 0, 144),
      int('format', 0, 6, 6),
      txt('escape'),
      int('aspect', 1, 2, 1),
    ],
    'barcode',
    'Data Matrix',
  ],
  [
    '^',
    'BO',
    'Aztec',
    [
      orientation,
      int('magnification', 1, 10),
      yn('extended channel', 'N'),
      int('error control / size', 0, 300, 0),
      yn('menu symbol', 'N'),
      int('symbols', 1, 26, 1),
      txt('id'),
    ],
    'barcode',
    'Aztec',
  ],
  [
    '^',
    'B0',
    'Aztec',
    [
      orientation,
      int('magnification', 1, 10),
      yn('extended channel', 'N'),
      int('error control / size', 0, 300, 0),
      yn('menu symbol', 'N'),
      int('symbols', 1, 26, 1),
      txt('id'),
    ],
    'barcode',
    'Aztec',
  ],
  [
    '^',
    'B7',
    'PDF417',
    [
      orientation,
      int('row height', 1, MAX),
      int('security level', 0, 8, 0),
      int('columns', 1, 30),
      int('rows', 3, 90),
      yn('truncate', 'N'),
    ],
    'barcode',
    'PDF417',
  ],
  ['^', 'BF', 'MicroPDF417', [orientation, int('height', 1, 9999), int('mode', 0, 33, 0)], 'barcode', 'MicroPDF417'],
  [
    '^',
    'BD',
    'MaxiCode',
    [int('mode', 2, 6, 2), int('symbol number', 1, 8, 1), int('symbols', 1, 8, 1)],
    'barcode',
    'MaxiCode',
  ],
  [
    '^',
    'BR',
    'GS1 DataBar',
    [
      orientation,
      int('symbology', 1, 12, 1),
      int('magnification', 1, 10),
      int('separator height', 1, 2, 1),
      int('height', 1, MAX, 25),
      int('segment width', 2, 22, 22),
    ],
    'barcode',
    'GS1 DataBar',
  ],
  [
    '^',
    'BT',
    'TLC39',
    [
      orientation,
      int('code 39 width', 1, 10),
      num('ratio', 2, 3),
      int('code 39 height', 1, 9999),
      int('micropdf height', 1, 255),
      int('micropdf width', 1, 10),
    ],
    'barcode',
    'TLC39',
  ],
  [
    '^',
    'BB',
    'CODABLOCK',
    [
      orientation,
      int('row height', 2, 32000, 8),
      yn('security', 'Y'),
      int('characters per row', 2, 62),
      int('rows', 1, 44),
      en('mode', 'AEF', 'F'),
    ],
    'barcode',
    'CODABLOCK',
  ],
  ['^', 'BL', 'LOGMARS', [orientation, int('height', 1, MAX), yn('line above', 'N')], 'barcode', 'LOGMARS'],
  [
    '^',
    'B4',
    'Code 49',
    [orientation, int('height multiplier', 1, MAX), en('interpretation line', 'NAB', 'N'), en('mode', 'A012345', 'A')],
    'barcode',
    'Code 49',
  ],
  [
    '^',
    'B5',
    'Planet Code',
    [orientation, int('height', 1, 9999), yn('interpretation line', 'N'), yn('line above', 'N')],
    'barcode',
    'Planet Code',
  ],
  [
    '^',
    'BV',
    'Planet Code',
    [orientation, int('height', 1, 9999), yn('interpretation line', 'N'), yn('line above', 'N')],
    'barcode',
    'Planet Code',
  ],
  // Label layout and printer settings
  ['^', 'LH', 'Label home', [int('x', 0, MAX, 0), int('y', 0, MAX, 0)]],
  ['^', 'LL', 'Label length', [int('length', 1, MAX), yn('ignore', 'N')]],
  ['^', 'PW', 'Print width', [int('width', 2, MAX)]],
  ['^', 'LS', 'Label shift', [int('shift', -9999, 9999, 0)]],
  ['^', 'LT', 'Label top', [int('top', -120, 120, 0)]],
  ['^', 'LR', 'Label reverse print', [yn('reverse', 'N')]],
  ['^', 'PO', 'Print orientation', [en('orientation', 'NI', 'N')]],
  ['^', 'PM', 'Printing mirror image', [yn('mirror', 'N')]],
  [
    '^',
    'PQ',
    'Print quantity',
    [
      int('quantity', 1, 99999999, 1),
      int('pause', 0, 99999999, 0),
      int('replicates', 0, 99999999, 0),
      yn('override pause', 'N'),
      yn('cut on error', 'Y'),
    ],
  ],
  ['^', 'PR', 'Print rate', [txt('print speed'), txt('slew speed'), txt('backfeed speed')]],
  [
    '^',
    'PA',
    'Advanced text properties',
    [int('default glyph', 0, 1, 0), int('bidirectional', 0, 1, 0), int('shaping', 0, 1, 0), int('OpenType', 0, 1, 0)],
  ],
  ['^', 'PF', 'Slew given number of dot rows', [int('dots', 0, MAX)]],
  ['^', 'PP', 'Programmable pause', []],
  ['^', 'MD', 'Media darkness', [num('darkness', -30, 30, 0)]],
  ['^', 'MN', 'Media tracking', [en('media', 'NYWMAV', 'Y'), int('offset', -80, 283, 0)]],
  ['^', 'MM', 'Print mode', [en('mode', 'TPRACDFLUK', 'T'), yn('prepeel', 'N')]],
  ['^', 'MT', 'Media type', [en('type', 'TD')]],
  ['^', 'MC', 'Map clear', [yn('clear', 'Y')]],
  ['^', 'MF', 'Media feed', [en('power up', 'FCLNS', 'C'), en('head close', 'FCLNS', 'C')]],
  ['^', 'ML', 'Maximum label length', [int('length', 1, MAX)]],
  [
    '^',
    'MU',
    'Set units of measurement',
    [en('units', 'DIM', 'D'), int('format base', 150, 600), int('conversion', 150, 600)],
  ],
  ['^', 'JM', 'Set dots per millimetre', [en('density', 'AB', 'A')]],
  ['^', 'JU', 'Configuration update', [en('action', 'FNRAS')]],
  ['^', 'JZ', 'Reprint after error', [yn('reprint', 'Y')]],
  ['^', 'JJ', 'Set auxiliary port', [txt('mode')]],
  ['^', 'CV', 'Code validation', [yn('validate', 'N')]],
  ['^', 'DN', 'Abort download graphic', []],
  ['^', 'HH', 'Configuration label return', []],
  ['^', 'HW', 'Host directory list', [txt('path')]],
  ['^', 'WD', 'Print directory label', [txt('path')]],
  ['^', 'SZ', 'Set ZPL mode', [int('mode', 1, 2, 2)]],
  ['^', 'KD', 'Select date and time format', [int('format', 0, 4, 0)]],
  ['^', 'KN', 'Define printer name', [txt('name'), txt('description')]],
  ['^', 'SO', 'Set offset (real-time clock)', [txt('clock'), txt('months'), txt('days')]],
  ['^', 'ST', 'Set date and time', [txt('month'), txt('day'), txt('year')]],
  // Control commands
  ['~', 'SD', 'Set darkness', [int('darkness', 0, 30)]],
  ['~', 'TA', 'Tear-off adjust', [int('offset', -120, 120, 0)]],
  [
    '~',
    'JS',
    'Change backfeed sequence',
    [en('sequence', ['A', 'B', 'N', 'O', '10', '20', '30', '40', '50', '60', '70', '80', '90', '100'], 'A')],
  ],
  [
    '~',
    'DG',
    'Download graphic',
    [txt('name'), int('total bytes', 1, 99999999), int('bytes per row', 1, 99999), txt('data')],
  ],
  [
    '~',
    'DY',
    'Download objects',
    [
      txt('name'),
      en('format', 'ABCP'),
      txt('extension'),
      int('bytes', 1, 99999999),
      int('bytes per row', 0, 99999),
      txt('data'),
    ],
  ],
  ['~', 'DU', 'Download unbounded TrueType font', [txt('name'), int('bytes', 1, 99999999), txt('data')]],
  ['~', 'DT', 'Download bounded TrueType font', [txt('name'), int('bytes', 1, 99999999), txt('data')]],
  [
    '~',
    'DB',
    'Download bitmap font',
    [
      txt('name'),
      txt('orientation'),
      txt('height'),
      txt('width'),
      txt('base'),
      txt('space'),
      txt('count'),
      txt('copyright'),
      txt('data'),
    ],
  ],
  ['~', 'EG', 'Erase download graphics', []],
  ['~', 'JA', 'Cancel all', []],
  ['~', 'JC', 'Set media sensor calibration', []],
  ['~', 'JD', 'Enable communications diagnostics', []],
  ['~', 'JE', 'Disable diagnostics', []],
  ['~', 'JL', 'Set label length', []],
  ['~', 'JR', 'Power on reset', []],
  ['~', 'PS', 'Print start', []],
  ['~', 'PH', 'Slew to home position', []],
  ['~', 'PL', 'Present length addition', [int('length', 0, 255)]],
  ['~', 'HS', 'Host status return', []],
  ['~', 'HI', 'Host identification', []],
  ['~', 'HM', 'Host RAM status', []],
  ['~', 'HQ', 'Host query', [txt('query')]],
  ['~', 'WC', 'Print configuration label', []],
  ['~', 'RO', 'Reset advanced counter', [int('counter', 1, 7)]],
];

const TABLE = new Map<string, CommandSpec>();
for (const [kinds, code, title, params, role, symbology] of ROWS) {
  const spec: CommandSpec = {
    kinds: kinds.split('') as ('^' | '~')[],
    code,
    title,
    params,
    ...(role ? { role } : {}),
    ...(symbology ? { symbology } : {}),
  };
  for (const kind of spec.kinds) TABLE.set(kind + code, spec);
}

/** The spec of `^CODE` or `~CODE`, or undefined when we do not know the command. */
export function commandSpec(kind: '^' | '~', code: string): CommandSpec | undefined {
  return TABLE.get(kind + code.toUpperCase());
}

/** Every known command, `^FO`-style names. */
export function knownCommands(): string[] {
  return [...TABLE.keys()].sort();
}
