/**
 * The ZPL linter and data extraction: one walk over the parsed commands, label by label, keeping
 * the state a printer keeps (label home, print width/length, bar code defaults, ^FH, ^CI, stored
 * formats), answering warnings (byte index, byte length, command, parameter number, message) and,
 * for each printed label, its fields in order with position, kind and data.
 */
import { checkBarcodeData } from './barcodeData.js';
import { commandSpec } from './commands.js';
import { decodeFieldHex } from './fieldHex.js';
import { decodeGraphicData } from './graphic.js';
import { checkParams, type ParamValue } from './parameters.js';
import { parseZpl, type ZplCommand, type ZplDocument } from './parse.js';
import { PrintedLabels } from './storedFormats.js';
import { lintText, warningList, type Warn, type ZplWarning } from './warnings.js';

export interface ZplField {
  /** Position in dots (field origin plus label home). */
  x: number;
  y: number;
  kind: 'text' | 'barcode';
  /** Bar codes only: `Code 128`, `QR Code`, `EAN-13` … */
  symbology?: string;
  /** Field data after `^FH` decoding (line breaks of `^FB` as `\n`). */
  data: string;
  /** Byte offset of the field data command. */
  byteIndex: number;
  /** Bar codes, when analysed with `symbols: true`: how the printer draws it (for the label check). */
  symbol?: ZplSymbolSpec;
}

/** What a bar code field's commands say about its drawing (the label check reads it). */
export interface ZplSymbolSpec {
  /** The bar code command, e.g. `^BC`. */
  command: string;
  /** Its parameters as written (empty = default). */
  params: string[];
  /** `^BY` module width (narrow bar) in dots and wide-to-narrow ratio in force. */
  moduleWidth: number;
  ratio: number;
  /** `^FO` (top left) or `^FT` (bottom left of the symbol). */
  origin: 'FO' | 'FT';
}

export interface ZplLabelData {
  /** Index among printed labels (base 0), as the render service counts them. */
  index: number;
  fields: ZplField[];
  /** With `symbols: true`: `^PW` print width and `^LL` label length in dots, when the label sets them. */
  printWidth?: number;
  labelLength?: number;
}

export interface ZplAnalysis {
  warnings: ZplWarning[];
  labels: ZplLabelData[];
}

export interface AnalyzeOptions {
  /** The label size asked for, in dots: fields past it are reported (unless ^PW/^LL say otherwise). */
  widthDots?: number;
  heightDots?: number;
  /** Add each bar code's drawing details (`symbol`) and each label's `^PW`/`^LL`. */
  symbols?: boolean;
}

interface PendingField {
  origin?: { x: number; y: number; command: ZplCommand };
  data?: { text: string; command: ZplCommand };
  fieldNumber?: number;
  barcode?: { symbology: string; command: ZplCommand; moduleWidth: number; ratio: number };
  block: boolean;
  hexIndicator?: string;
}

/** `^GF` (format A) and `~DG` hex data against the byte count the command declares. */
function checkGraphicData(
  command: ZplCommand,
  declared: ParamValue,
  perRow: ParamValue,
  dataParam: number,
  warn: Warn,
) {
  const data = command.params[dataParam];
  if (typeof declared !== 'number' || typeof perRow !== 'number' || !data) return;
  const decoded = decodeGraphicData(data.text, perRow);
  if (!decoded.ok) warn(command, dataParam + 1, decoded.message, data);
  else if (decoded.bytes.length !== declared) {
    warn(command, dataParam + 1, lintText('graphic-size', { declared, held: decoded.bytes.length }), data);
  }
}

/** Lints and extracts in one walk. Never throws. */
export function analyzeZpl(input: string | Uint8Array | ZplDocument, options: AnalyzeOptions = {}): ZplAnalysis {
  const doc = typeof input === 'object' && 'tokens' in input ? input : parseZpl(input);
  const { warnings, warn } = warningList();
  const printed = new PrintedLabels();

  // Per label state.
  let inLabel = false;
  let labelStart: ZplCommand | undefined;
  let home = { x: 0, y: 0 };
  let printWidth: number | undefined;
  let labelLength: number | undefined;
  let utf8 = true;
  // ^BY stays in force until the next ^BY (module width 2, ratio 3 at power-up).
  let barDefaults = { moduleWidth: 2, ratio: 3 };
  let field: PendingField = { block: false };

  const closeField = () => {
    const f = field;
    field = { block: false };
    if (!f.data && f.fieldNumber === undefined) return;
    const x = (f.origin?.x ?? 0) + home.x;
    const y = (f.origin?.y ?? 0) + home.y;
    if (f.origin) {
      const width = printWidth ?? options.widthDots;
      const height = labelLength ?? options.heightDots;
      if (width !== undefined && x >= width) {
        warn(f.origin.command, 1, lintText('origin-x', { x, width }), f.origin.command.params[0]);
      } else if (height !== undefined && y >= height && f.origin.command.code === 'FO') {
        warn(f.origin.command, 2, lintText('origin-y', { y, height }), f.origin.command.params[1]);
      }
    }
    let data = f.data?.text ?? '';
    if (f.data && f.hexIndicator !== undefined) data = decodeFieldHex(data, f.hexIndicator, utf8);
    data = data.replace(/[\r\n]/g, '');
    if (f.block) data = data.replace(/\\&/g, '\n');
    if (f.data && f.barcode) {
      const mode = f.barcode.command.code === 'BC' ? f.barcode.command.params[5]?.text.toUpperCase() || 'N' : undefined;
      checkBarcodeData(f.barcode.symbology, data, f.data.command, mode, warn);
    }
    // A recall label's ^FNn^FD…^FS (no origin) fills field n of the stored format.
    if (printed.recalling && !f.origin && f.fieldNumber !== undefined && f.data) {
      printed.fill(f.fieldNumber, data);
      return;
    }
    const out: ZplField = {
      x,
      y,
      kind: f.barcode ? 'barcode' : 'text',
      ...(f.barcode ? { symbology: f.barcode.symbology } : {}),
      data,
      byteIndex: (f.data?.command ?? f.origin?.command)?.offset ?? 0,
      ...(f.barcode && options.symbols
        ? {
            symbol: {
              command: f.barcode.command.name,
              params: f.barcode.command.params.map((p) => p.text.trim()),
              moduleWidth: f.barcode.moduleWidth,
              ratio: f.barcode.ratio,
              origin: f.origin?.command.code === 'FT' ? ('FT' as const) : ('FO' as const),
            },
          }
        : {}),
    };
    printed.add(out, f.fieldNumber);
  };

  const endLabel = () => {
    if (field.data || field.origin) {
      if (field.data) warn(field.data.command, 0, lintText('field-open', { command: field.data.command.name }));
      closeField();
    }
    printed.endLabel({
      ...(options.symbols && printWidth !== undefined ? { printWidth } : {}),
      ...(options.symbols && labelLength !== undefined ? { labelLength } : {}),
    });
    inLabel = false;
    home = { x: 0, y: 0 };
    printWidth = undefined;
    labelLength = undefined;
  };

  for (const token of doc.tokens) {
    if (token.type !== 'command') continue;
    const command = token;
    const spec = commandSpec(command.kind, command.code);
    if (!spec) {
      warn(command, 0, lintText('unknown-command', { command: command.name }));
      continue;
    }
    const values = checkParams(command, warn);
    const name = command.name;
    if (name === '^XA') {
      if (inLabel) {
        warn(command, 0, lintText('xa-inside'));
        continue;
      }
      inLabel = true;
      labelStart = command;
      continue;
    }
    if (name === '^XZ') {
      if (!inLabel) {
        warn(command, 0, lintText('xz-alone'));
        continue;
      }
      endLabel();
      continue;
    }
    switch (name) {
      case '^DF':
        printed.storeFormat(command.params[0]?.text ?? '');
        break;
      case '^XF': {
        const recalled = printed.recallFormat(command.params[0]?.text ?? '');
        if (!recalled.known) {
          warn(command, 1, lintText('no-format', { name: recalled.name }), command.params[0]);
        }
        break;
      }
      case '^LH':
        home = { x: (values[0] as number | undefined) ?? 0, y: (values[1] as number | undefined) ?? 0 };
        break;
      case '^PW':
        if (typeof values[0] === 'number') printWidth = values[0];
        break;
      case '^LL':
        if (typeof values[0] === 'number') labelLength = values[0];
        break;
      case '^CI':
        if (typeof values[0] === 'number') utf8 = values[0] >= 28 && values[0] <= 30;
        break;
      case '^FO':
      case '^FT':
        if (field.data) {
          warn(field.data.command, 0, lintText('field-open', { command: field.data.command.name }));
          closeField();
        }
        field.origin = {
          x: (values[0] as number | undefined) ?? 0,
          y: (values[1] as number | undefined) ?? 0,
          command,
        };
        break;
      case '^FD':
      case '^FV':
      case '^SN':
        field.data = { text: command.params[0]?.text ?? '', command };
        break;
      case '^FN':
        if (typeof values[0] === 'number') field.fieldNumber = values[0];
        break;
      case '^FH':
        field.hexIndicator = command.params[0]?.text || '_';
        break;
      case '^FB':
      case '^TB':
        field.block = true;
        break;
      case '^FS':
        closeField();
        break;
      case '^GF':
        if (((values[0] as string | undefined) ?? 'A').toUpperCase() === 'A') {
          checkGraphicData(command, values[1], values[3], 4, warn);
        }
        break;
      case '~DG':
        checkGraphicData(command, values[1], values[2], 3, warn);
        break;
      case '^BY':
        barDefaults = {
          moduleWidth: (values[0] as number | undefined) ?? barDefaults.moduleWidth,
          ratio: (values[1] as number | undefined) ?? barDefaults.ratio,
        };
        break;
      default:
        if (spec.role === 'barcode') field.barcode = { symbology: spec.symbology!, command, ...barDefaults };
    }
  }
  if (inLabel) {
    warn(labelStart!, 0, lintText('no-xz'));
    endLabel();
  }
  warnings.sort((a, b) => a.byteIndex - b.byteIndex);
  return { warnings, labels: printed.labels };
}

/** Warnings only. */
export function lintZpl(input: string | Uint8Array, options: AnalyzeOptions = {}): ZplWarning[] {
  return analyzeZpl(input, options).warnings;
}

/** Fields of every printed label. */
export function extractZplData(input: string | Uint8Array): ZplLabelData[] {
  return analyzeZpl(input).labels;
}
