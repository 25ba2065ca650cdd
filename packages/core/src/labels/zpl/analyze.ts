/**
 * The ZPL linter and data extraction: one walk over the parsed commands, label by label, keeping
 * the state a printer keeps (label home, print width/length, bar code defaults, ^FH, ^CI, stored
 * formats), answering warnings (byte index, byte length, command, parameter number, message) and,
 * for each printed label, its fields in order with position, kind and data.
 */
import { bytesToText } from '../../json/index.js';
import { commandSpec, type ParamSpec } from './commands.js';
import { decodeGraphicData } from './graphic.js';
import { parseZpl, type ZplCommand, type ZplDocument, type ZplParam } from './parse.js';

export interface ZplWarning {
  /** Byte offset and length in the input the warning is about. */
  byteIndex: number;
  byteSize: number;
  /** `^BY`, `^FD` … (default prefixes). */
  command: string;
  /** 1-based parameter number, 0 for the command as a whole. */
  parameterNumber: number;
  message: string;
}

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
  data?: { text: string; command: ZplCommand; hex?: string };
  fieldNumber?: number;
  barcode?: { symbology: string; command: ZplCommand; moduleWidth: number; ratio: number };
  block: boolean;
  hexIndicator?: string;
  hasGraphic: boolean;
}

interface TemplateField {
  field: Omit<ZplField, 'data'> & { data: string };
  fieldNumber?: number;
}

const EAN_WEIGHTS = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
};

function describeValues(spec: ParamSpec & { type: 'enum' }) {
  return spec.values.join(', ');
}

/** Decodes `^FH` escapes (indicator + two hex digits) to bytes, then to text. */
export function decodeFieldHex(data: string, indicator: string, utf8: boolean): string {
  const bytes: number[] = [];
  const raw = new TextEncoder().encode(data);
  const ind = indicator.charCodeAt(0);
  const hex = (b: number) =>
    b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 55 : b >= 0x61 && b <= 0x66 ? b - 87 : -1;
  for (let i = 0; i < raw.length; i++) {
    const hi = hex(raw[i + 1] ?? -1);
    const lo = hex(raw[i + 2] ?? -1);
    if (raw[i] === ind && hi >= 0 && lo >= 0) {
      bytes.push(hi * 16 + lo);
      i += 2;
    } else bytes.push(raw[i]!);
  }
  const out = Uint8Array.from(bytes);
  if (utf8) return bytesToText(out);
  let s = '';
  for (const b of out) s += String.fromCharCode(b);
  return s;
}

declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };

/** Lints and extracts in one walk. Never throws. */
export function analyzeZpl(input: string | Uint8Array | ZplDocument, options: AnalyzeOptions = {}): ZplAnalysis {
  const doc = typeof input === 'object' && 'tokens' in input ? input : parseZpl(input);
  const warnings: ZplWarning[] = [];
  const labels: ZplLabelData[] = [];
  const templates = new Map<string, TemplateField[]>();

  const warn = (command: ZplCommand, parameterNumber: number, message: string, at?: ZplParam) => {
    const target = at && at.length > 0 ? at : undefined;
    warnings.push({
      byteIndex: target ? target.offset : command.offset,
      byteSize: target ? target.length : command.length,
      command: command.name,
      parameterNumber,
      message,
    });
  };

  // Per label state.
  let inLabel = false;
  let labelStart: ZplCommand | undefined;
  let home = { x: 0, y: 0 };
  let printWidth: number | undefined;
  let labelLength: number | undefined;
  let utf8 = true;
  // ^BY stays in force until the next ^BY (module width 2, ratio 3 at power-up).
  let barDefaults = { moduleWidth: 2, ratio: 3 };
  let field: PendingField = { block: false, hasGraphic: false };
  let fields: TemplateField[] = [];
  let storeAs: string | undefined;
  let recall: string | undefined;
  const fieldValues = new Map<number, string>();
  const formatName = (text: string) => {
    const t = text.trim().toUpperCase();
    return t.includes(':') ? t : `R:${t}`;
  };

  /** Checks every parameter against the table; returns the numeric values (undefined = default). */
  const checkParams = (command: ZplCommand) => {
    const spec = commandSpec(command.kind, command.code);
    const values: Array<number | string | undefined> = [];
    if (!spec) return values;
    spec.params.forEach((p, k) => {
      const param = command.params[k];
      const text = param?.text ?? '';
      if (text === '' || p.type === 'text') {
        values.push(text === '' ? undefined : text);
        return;
      }
      const label = `${p.name}`;
      if (p.type === 'enum') {
        // Printers read as many characters as the value takes and ignore the rest.
        const upper = text.toUpperCase();
        const v =
          upper.length > 1 ? [...p.values].sort((a, b) => b.length - a.length).find((x) => upper.startsWith(x)) : upper;
        if (v === undefined || !p.values.includes(v)) {
          const used = p.default !== undefined ? `; ${p.default} is used instead` : '';
          warn(command, k + 1, `invalid ${label} "${text}": use one of ${describeValues(p)}${used}`, param);
          values.push(p.default);
        } else values.push(v);
        return;
      }
      // Printers read the leading number and ignore what follows (as C's atoi does).
      const pattern = p.type === 'int' ? /^[+-]?\d+/ : /^[+-]?(\d+(\.\d*)?|\.\d+)/;
      const lead = pattern.exec(text)?.[0];
      if (lead === undefined) {
        const used = p.default !== undefined ? `; ${p.default} is used instead` : '';
        warn(command, k + 1, `invalid ${label} "${text}": expected a number${used}`, param);
        values.push(p.default);
        return;
      }
      const value = p.type === 'int' ? parseInt(lead, 10) : Number(lead);
      if (value < p.min) {
        warn(command, k + 1, `${label} ${lead} is less than the minimum ${p.min}; ${p.min} is used instead`, param);
        values.push(p.min);
      } else if (value > p.max) {
        warn(command, k + 1, `${label} ${lead} is greater than the maximum ${p.max}; ${p.max} is used instead`, param);
        values.push(p.max);
      } else values.push(value);
    });
    return values;
  };

  const checkBarcode = (symbology: string, data: string, at: ZplCommand, mode: string | undefined) => {
    if (symbology === 'Code 128') {
      const bad = [...data].find((c) => c.codePointAt(0)! > 0x7f);
      if (bad) {
        warn(at, 1, `character "${bad}" cannot be encoded in Code 128`, at.params[0]);
        return;
      }
      if ((mode ?? 'N') === 'N') {
        // Invocation codes: >; starts subset C, which takes pairs of digits up to the next >.
        const parts = data.split('>;');
        for (let k = 1; k < parts.length; k++) {
          const run = /^\d*/.exec(parts[k]!)![0];
          const rest = parts[k]!.slice(run.length);
          if (run.length % 2 === 1 || (rest !== '' && !rest.startsWith('>'))) {
            warn(
              at,
              1,
              `Code 128 subset C (>;) takes pairs of digits: "${parts[k]!.slice(0, 20)}" is not`,
              at.params[0],
            );
            return;
          }
        }
      }
      if (mode === 'U') {
        if (!/^\d*$/.test(data)) warn(at, 1, 'Code 128 UCC case mode (U) takes digits only', at.params[0]);
        else if (data.length > 19) {
          warn(
            at,
            1,
            `Code 128 UCC case mode (U) uses the first 19 digits; ${data.length - 19} more are ignored`,
            at.params[0],
          );
        } else if (data.length < 19) {
          warn(at, 1, `Code 128 UCC case mode (U) takes 19 digits; ${data.length} are padded with zeros`, at.params[0]);
        }
      }
    } else if (symbology === 'EAN-13') {
      if (!/^\d+$/.test(data)) warn(at, 1, 'EAN-13 data must be digits only', at.params[0]);
      else if (data.length > 13)
        warn(at, 1, `EAN-13 takes 12 digits and a check digit; got ${data.length} digits`, at.params[0]);
      else if (data.length === 13) {
        const check = EAN_WEIGHTS(data.slice(0, 12));
        if (Number(data[12]) !== check) {
          warn(at, 1, `EAN-13 check digit should be ${check}, not ${data[12]}; ${check} is printed`, at.params[0]);
        }
      }
    } else if (symbology === 'QR Code') {
      if (!/^[HQML]?[AM],/i.test(data) && !/^D\d{4}/.test(data)) {
        warn(
          at,
          1,
          'QR Code data must start with the error correction level and input mode, e.g. "QA,"; the first characters are read as such',
          at.params[0],
        );
      }
    }
  };

  const closeField = (end: ZplCommand | undefined) => {
    const f = field;
    field = { block: false, hasGraphic: false };
    if (!f.data && f.fieldNumber === undefined) return;
    const x = (f.origin?.x ?? 0) + home.x;
    const y = (f.origin?.y ?? 0) + home.y;
    if (f.origin) {
      const width = printWidth ?? options.widthDots;
      const height = labelLength ?? options.heightDots;
      if (width !== undefined && x >= width) {
        warn(
          f.origin.command,
          1,
          `field origin x ${x} is outside the label width of ${width} dots`,
          f.origin.command.params[0],
        );
      } else if (height !== undefined && y >= height && f.origin.command.code === 'FO') {
        warn(
          f.origin.command,
          2,
          `field origin y ${y} is outside the label length of ${height} dots`,
          f.origin.command.params[1],
        );
      }
    }
    let data = f.data?.text ?? '';
    if (f.data && f.hexIndicator !== undefined) data = decodeFieldHex(data, f.hexIndicator, utf8);
    data = data.replace(/[\r\n]/g, '');
    if (f.block) data = data.replace(/\\&/g, '\n');
    if (f.data && f.barcode) {
      checkBarcode(
        f.barcode.symbology,
        data,
        f.data.command,
        f.barcode.command.code === 'BC' ? modeOf(f.barcode.command) : undefined,
      );
    }
    // A recall label's ^FNn^FD…^FS (no origin) fills field n of the stored format.
    if (recall && !f.origin && f.fieldNumber !== undefined && f.data) {
      fieldValues.set(f.fieldNumber, data);
      return;
    }
    void end;
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
    fields.push(f.fieldNumber === undefined ? { field: out } : { field: out, fieldNumber: f.fieldNumber });
  };
  const modeOf = (bc: ZplCommand) => bc.params[5]?.text.toUpperCase() || 'N';

  const endLabel = () => {
    if (field.data || field.origin) {
      if (field.data) warn(field.data.command, 0, `field data ${field.data.command.name} is not closed by ^FS`);
      closeField(undefined);
    }
    if (storeAs) {
      templates.set(storeAs, fields);
    } else {
      let out: ZplField[] = fields.map((f) => f.field);
      if (recall) {
        const template = templates.get(recall) ?? [];
        out = [
          ...template.map((t) =>
            t.fieldNumber !== undefined && fieldValues.has(t.fieldNumber)
              ? { ...t.field, data: fieldValues.get(t.fieldNumber)! }
              : t.field,
          ),
          ...out,
        ];
      }
      labels.push({
        index: labels.length,
        fields: out,
        ...(options.symbols && printWidth !== undefined ? { printWidth } : {}),
        ...(options.symbols && labelLength !== undefined ? { labelLength } : {}),
      });
    }
    inLabel = false;
    fields = [];
    storeAs = undefined;
    recall = undefined;
    fieldValues.clear();
    home = { x: 0, y: 0 };
    printWidth = undefined;
    labelLength = undefined;
  };

  for (const token of doc.tokens) {
    if (token.type !== 'command') continue;
    const command = token;
    const spec = commandSpec(command.kind, command.code);
    if (!spec) {
      warn(command, 0, `unknown command ${command.name}; it is ignored`);
      continue;
    }
    const values = checkParams(command);
    const name = command.name;
    if (name === '^XA') {
      if (inLabel) {
        warn(command, 0, '^XA inside a label (no ^XZ before it); it is ignored');
        continue;
      }
      inLabel = true;
      labelStart = command;
      continue;
    }
    if (name === '^XZ') {
      if (!inLabel) {
        warn(command, 0, '^XZ without a ^XA before it');
        continue;
      }
      endLabel();
      continue;
    }
    switch (name) {
      case '^DF':
        storeAs = formatName(command.params[0]?.text ?? '');
        break;
      case '^XF':
        recall = formatName(command.params[0]?.text ?? '');
        if (!templates.has(recall))
          warn(command, 1, `no stored format ${recall} was downloaded before (^DF)`, command.params[0]);
        break;
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
          warn(field.data.command, 0, `field data ${field.data.command.name} is not closed by ^FS`);
          closeField(undefined);
        }
        field.origin = {
          x: (values[0] as number | undefined) ?? 0,
          y: (values[1] as number | undefined) ?? 0,
          command,
        };
        break;
      case '^FD':
      case '^FV':
        field.data = { text: command.params[0]?.text ?? '', command };
        break;
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
        closeField(command);
        break;
      case '^GF': {
        field.hasGraphic = true;
        const format = ((values[0] as string | undefined) ?? 'A').toUpperCase();
        const declared = values[1];
        const perRow = values[3];
        const data = command.params[4];
        if (format === 'A' && typeof declared === 'number' && typeof perRow === 'number' && data) {
          const decoded = decodeGraphicData(data.text, perRow);
          if (!decoded.ok) warn(command, 5, decoded.message, data);
          else if (decoded.bytes.length !== declared) {
            warn(command, 5, `the graphic declares ${declared} bytes but its data holds ${decoded.bytes.length}`, data);
          }
        }
        break;
      }
      case '^BY':
        barDefaults = {
          moduleWidth: (values[0] as number | undefined) ?? barDefaults.moduleWidth,
          ratio: (values[1] as number | undefined) ?? barDefaults.ratio,
        };
        break;
      default:
        if (spec.role === 'barcode') field.barcode = { symbology: spec.symbology!, command, ...barDefaults };
    }
    if (command.kind === '~' && command.code === 'DG') {
      const declared = values[1];
      const perRow = values[2];
      const data = command.params[3];
      if (typeof declared === 'number' && typeof perRow === 'number' && data) {
        const decoded = decodeGraphicData(data.text, perRow);
        if (!decoded.ok) warn(command, 4, decoded.message, data);
        else if (decoded.bytes.length !== declared) {
          warn(command, 4, `the graphic declares ${declared} bytes but its data holds ${decoded.bytes.length}`, data);
        }
      }
    }
  }
  if (inLabel) {
    warn(labelStart!, 0, 'the label has no ^XZ');
    endLabel();
  }
  warnings.sort((a, b) => a.byteIndex - b.byteIndex);
  return { warnings, labels };
}

/** Warnings only. */
export function lintZpl(input: string | Uint8Array, options: AnalyzeOptions = {}): ZplWarning[] {
  return analyzeZpl(input, options).warnings;
}

/** Fields of every printed label. */
export function extractZplData(input: string | Uint8Array): ZplLabelData[] {
  return analyzeZpl(input).labels;
}

/** The pipe-separated form of the public service: `byteIndex|byteSize|command|parameterNumber|message`, … */
export function formatWarningsHeader(warnings: readonly ZplWarning[], limit = 20): string {
  return warnings
    .slice(0, limit)
    .map((w) => [w.byteIndex, w.byteSize, w.command, w.parameterNumber, w.message.replace(/[|\r\n]/g, ' ')].join('|'))
    .join('|');
}
