/**
 * Where a label's fields sit: an estimated box per field (text, bar code, graphic), so a screen can
 * find free space for something it adds (the ZPL creator's Logo → ZPL). Boxes are estimates from the
 * commands alone — font sizes, bar code module widths and heights, graphic sizes — not a render:
 * good enough to keep clear of what is there, not to measure it to the dot.
 */
import { parseZpl, type ZplCommand } from './parse.js';

export interface ZplBox {
  x: number;
  y: number;
  width: number;
  height: number;
  kind: 'text' | 'barcode' | 'graphic';
  /** Byte offset of the field's first command. */
  byteIndex: number;
}

export interface ZplLabelLayout {
  /** Index among the document's labels (base 0). */
  index: number;
  /** Byte offsets: the label's `^XA`, the end of its last command before `^XZ`, and its `^XZ`. */
  start: number;
  bodyStart: number;
  end: number;
  /** Byte offsets right after each `^FS`: where a new field can go without splitting one. */
  fieldEnds: number[];
  widthDots: number;
  heightDots: number;
  boxes: ZplBox[];
}

/** A 4×6 in label at 8 dots/mm (203 dpi), the label service's default, unless `^PW`/`^LL` say otherwise. */
export const DEFAULT_LABEL_DOTS = { width: 812, height: 1218 } as const;

const num = (c: ZplCommand, i: number): number | undefined => {
  const text = c.params[i]?.text ?? '';
  const n = parseFloat(text);
  return Number.isFinite(n) ? n : undefined;
};
const letter = (c: ZplCommand, i: number) => (c.params[i]?.text ?? '').toUpperCase().charAt(0);

/** Rough QR Code size in modules: the smallest version (byte mode, level M) holding the data. */
const QR_BYTES_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412];
function qrModules(length: number): number {
  const version = QR_BYTES_M.findIndex((cap) => cap >= length);
  return 21 + 4 * (version < 0 ? QR_BYTES_M.length : version);
}

interface FieldState {
  origin?: { x: number; y: number; baseline: boolean; offset: number };
  font?: { height: number; width?: number | undefined; rotated: boolean };
  block?: { width: number; lines: number };
  barcode?: ZplCommand;
  graphic?: { width: number; height: number };
  data: string;
}

/** Every label of a ZPL document with its fields' estimated boxes, in dots. */
export function labelLayouts(zpl: string): ZplLabelLayout[] {
  const doc = parseZpl(zpl);
  const out: ZplLabelLayout[] = [];
  let label: ZplLabelLayout | undefined;
  let home = { x: 0, y: 0 };
  let defaultFont = { height: 9, width: 5 };
  let moduleWidth = 2;
  let wideRatio = 3;
  let barHeight = 10;
  let field: FieldState = { data: '' };

  const closeField = (end: ZplCommand) => {
    const f = field;
    field = { data: '' };
    if (!label || (!f.origin && !f.data && !f.graphic)) return;
    const fontHeight = f.font?.height ?? defaultFont.height;
    // An average capital or digit of font 0 is about 0.6 of the font's width; 0.65 keeps clear of it.
    const charWidth = f.font?.width !== undefined ? f.font.width * 0.65 : defaultFont.width + 1;
    let width: number;
    let height: number;
    let kind: ZplBox['kind'] = 'text';
    if (f.graphic) {
      ({ width, height } = f.graphic);
      kind = 'graphic';
    } else if (f.barcode) {
      kind = 'barcode';
      ({ width, height } = barcodeSize(f.barcode, f.data, { moduleWidth, wideRatio, barHeight }));
    } else if (f.block) {
      width = f.block.width;
      const wrapped = f.data
        .split('\\&')
        .reduce((n, line) => n + Math.max(1, Math.ceil((line.length * charWidth) / Math.max(1, width))), 0);
      height = fontHeight * Math.max(1, Math.min(f.block.lines, wrapped));
    } else {
      width = Math.ceil(f.data.length * charWidth);
      height = fontHeight;
    }
    if (f.font?.rotated && kind === 'text') [width, height] = [height, width];
    const x = (f.origin?.x ?? 0) + home.x;
    // ^FT places the bottom left (the text's baseline), ^FO the top left.
    const y = (f.origin?.y ?? 0) + home.y - (f.origin?.baseline ? height : 0);
    label.boxes.push({
      x,
      y: Math.max(0, y),
      width: Math.max(1, width),
      height: Math.max(1, height),
      kind,
      byteIndex: f.origin?.offset ?? end.offset,
    });
  };

  for (const token of doc.tokens) {
    if (token.type !== 'command') continue;
    const c = token;
    if (c.kind === '^' && c.code === 'XA') {
      label = {
        index: out.length,
        start: c.offset,
        bodyStart: c.offset + c.length,
        end: c.offset,
        fieldEnds: [],
        widthDots: DEFAULT_LABEL_DOTS.width,
        heightDots: DEFAULT_LABEL_DOTS.height,
        boxes: [],
      };
      home = { x: 0, y: 0 };
      field = { data: '' };
      continue;
    }
    if (!label) continue;
    if (c.kind === '^' && c.code === 'XZ') {
      label.end = c.offset;
      out.push(label);
      label = undefined;
      continue;
    }
    if (c.kind !== '^') continue;
    switch (c.code) {
      case 'PW':
        label.widthDots = num(c, 0) ?? label.widthDots;
        break;
      case 'LL':
        label.heightDots = num(c, 0) ?? label.heightDots;
        break;
      case 'LH':
        home = { x: num(c, 0) ?? 0, y: num(c, 1) ?? 0 };
        break;
      case 'CF':
        defaultFont = { height: num(c, 1) ?? defaultFont.height, width: num(c, 2) ?? num(c, 1) ?? defaultFont.width };
        break;
      case 'BY':
        moduleWidth = num(c, 0) ?? moduleWidth;
        wideRatio = num(c, 1) ?? wideRatio;
        barHeight = num(c, 2) ?? barHeight;
        break;
      case 'FO':
      case 'FT':
        field.origin = { x: num(c, 0) ?? 0, y: num(c, 1) ?? 0, baseline: c.code === 'FT', offset: c.offset };
        break;
      case 'A': {
        // ^A0N,30,30: font, orientation, height, width (a scalable font's width defaults to its height).
        const height = num(c, 2) ?? defaultFont.height;
        field.font = { height, width: num(c, 3) ?? height, rotated: ['R', 'B'].includes(letter(c, 1)) };
        break;
      }
      case 'FB':
        field.block = { width: num(c, 0) ?? 0, lines: num(c, 1) ?? 1 };
        break;
      case 'GB': {
        const t = num(c, 2) ?? 1;
        field.graphic = { width: Math.max(num(c, 0) ?? t, t), height: Math.max(num(c, 1) ?? t, t) };
        break;
      }
      case 'GC': {
        const d = num(c, 0) ?? 3;
        field.graphic = { width: d, height: d };
        break;
      }
      case 'GE':
      case 'GD':
        field.graphic = { width: num(c, 0) ?? 3, height: num(c, 1) ?? 3 };
        break;
      case 'GF': {
        const total = num(c, 1) ?? 0;
        const perRow = Math.max(1, num(c, 3) ?? 1);
        field.graphic = { width: perRow * 8, height: Math.ceil(total / perRow) };
        break;
      }
      case 'FD':
      case 'FV':
        field.data += c.params[0]?.text ?? '';
        break;
      case 'FS':
        closeField(c);
        label.fieldEnds.push(c.offset + c.length);
        break;
      default:
        if (c.code.startsWith('B') && c.code.length === 2 && c.code !== 'BY') field.barcode = c;
    }
  }
  return out;
}

/** Estimated size of a bar code field in dots (module widths and heights from the command or ^BY). */
function barcodeSize(
  c: ZplCommand,
  data: string,
  by: { moduleWidth: number; wideRatio: number; barHeight: number },
): { width: number; height: number } {
  const w = by.moduleWidth;
  const text = (n: number) => (letter(c, n) === 'N' ? 0 : 30);
  switch (c.code) {
    case 'BQ': {
      const m = num(c, 2) ?? 2;
      const size = qrModules(Math.max(0, data.length - 3)) * m;
      return { width: size, height: size };
    }
    case 'BX': {
      const h = num(c, 1) ?? w * 3;
      const modules = 10 + 2 * Math.ceil(Math.sqrt(data.length * 4));
      return { width: modules * h, height: modules * h };
    }
    case 'B7': {
      const rowHeight = num(c, 1) ?? w * 3;
      const columns = num(c, 3) ?? 5;
      // About two text characters a codeword, plus 2^(level+1) error correction codewords.
      const codewords = Math.ceil(data.length / 2) + 2 ** ((num(c, 2) ?? 0) + 1) + 1;
      const rows = num(c, 4) ?? Math.max(3, Math.ceil(codewords / columns));
      return { width: (17 * (columns + 4) + 1) * w, height: rows * rowHeight };
    }
    case 'BC': {
      // Subset C (>;) packs two digits a symbol.
      const symbols = data.startsWith('>;') ? Math.ceil((data.length - 2) / 2) : data.length;
      return { width: (11 * (symbols + 3) + 2) * w, height: (num(c, 1) ?? by.barHeight) + text(2) };
    }
    case 'BE':
    case 'BU':
      return { width: 95 * w, height: (num(c, 1) ?? by.barHeight) + text(2) };
    case 'B3':
      return { width: (data.length + 2) * (6 + 3 * by.wideRatio) * w, height: (num(c, 2) ?? by.barHeight) + text(3) };
    default:
      return { width: (11 * data.length + 35) * w, height: (num(c, 1) ?? by.barHeight) + 30 };
  }
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: ZplBox, gap: number) =>
  a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

/**
 * The top-most, then left-most place on the label where a `size` box keeps `gap` dots clear of every
 * field and of the label's edges; undefined when there is none.
 */
export function freeSpot(
  layout: Pick<ZplLabelLayout, 'widthDots' | 'heightDots' | 'boxes'>,
  size: { width: number; height: number },
  gap = 10,
): { x: number; y: number } | undefined {
  const xs = [gap, ...layout.boxes.map((b) => b.x + b.width + gap)];
  const ys = [gap, ...layout.boxes.map((b) => b.y + b.height + gap)];
  const fits = (x: number, y: number) =>
    x + size.width <= layout.widthDots - gap &&
    y + size.height <= layout.heightDots - gap &&
    !layout.boxes.some((b) => overlaps({ x, y, width: size.width, height: size.height }, b, gap));
  let best: { x: number; y: number } | undefined;
  for (const y of ys)
    for (const x of xs)
      if (fits(x, y) && (!best || y < best.y || (y === best.y && x < best.x)))
        best = { x: Math.round(x), y: Math.round(y) };
  return best;
}
