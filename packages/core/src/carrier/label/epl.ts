import { carrierLabelLayout, labelDotsOf, type LabelElement } from './layout.js';
import type { CarrierLabelData } from './types.js';

/** EPL2 resident fonts 1–4 at 203 dpi: character cell width and height in dots (font 5 is upper case only). */
const FONTS = [
  { id: 1, w: 10, h: 12 },
  { id: 2, w: 12, h: 16 },
  { id: 3, w: 14, h: 20 },
  { id: 4, w: 16, h: 24 },
] as const;

/** The resident font and multipliers whose cell is the widest not wider than `width`, and about `height` tall. */
export function eplFont(width: number, height: number): { font: number; hm: number; vm: number; cell: number } {
  let best: { font: number; hm: number; cell: number; h: number } = { font: 1, hm: 1, cell: 10, h: 12 };
  for (const f of FONTS) {
    for (let hm = 1; hm <= 6; hm++) {
      const cell = f.w * hm;
      if (cell <= width && cell >= best.cell) best = { font: f.id, hm, cell, h: f.h };
    }
  }
  return { font: best.font, hm: best.hm, vm: Math.min(9, Math.max(1, Math.round(height / best.h))), cell: best.cell };
}

/** A quoted EPL2 string: `"` and `\` escaped, control characters dropped, non-ASCII as `?` (code page 437 has no UTF-8). */
export function eplString(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || c === 0x7f) continue;
    out += c > 0x7e ? '?' : ch === '"' || ch === '\\' ? `\\${ch}` : ch;
  }
  return `"${out}"`;
}

function element(e: LabelElement): string {
  switch (e.kind) {
    case 'text': {
      const f = eplFont(e.width, e.height);
      const chars = Math.floor(e.maxWidth / f.cell);
      const value = [...e.text].slice(0, chars).join('');
      const x = e.align === 'RIGHT' ? e.x + e.maxWidth - value.length * f.cell : e.x;
      return `A${x},${e.y},0,${f.font},${f.hm},${f.vm},N,${eplString(value)}`;
    }
    case 'box':
      return `LO${e.x},${e.y},${e.w},${e.h}`;
    case 'code128':
      // Barcode type 1: Code 128 with automatic A/B/C subsets; no human-readable line (the layout prints its own).
      return `B${e.x},${e.y},0,1,${e.module},${e.module},${e.height},N,${eplString(e.data)}`;
    case 'pdf417': {
      // EPL2 b…P: PDF417 in a box of the layout's size, module width x, row height y, security s, columns c.
      // The data keeps its RS/GS/EOT separators (binary inside the quotes); only `"` and `\` are escaped.
      const data = e.data.replace(/["\\]/g, (c) => `\\${c}`);
      return `b${e.x},${e.y},P,${(17 * e.columns + 69) * e.module},${90 * e.rowHeight},x${e.module},y${e.rowHeight},s${e.security},c${e.columns},f0,"${data}"`;
    }
  }
}

/** One package's label as EPL2 (the same layout as the ZPL, in EPL2 commands). */
export function carrierLabelEpl2(d: CarrierLabelData): string {
  const { width, height } = labelDotsOf(d);
  return [
    '',
    'N',
    `q${width}`,
    `Q${height},24`,
    // ZB: print from the bottom of the image buffer, i.e. the label upside down.
    d.inverted ? 'ZB' : 'ZT',
    'I8,A,001',
    ...carrierLabelLayout(d).map(element),
    'P1',
    '',
  ].join('\n');
}
