import { carrierLabelLayout, labelDotsOf, type LabelElement } from './layout.js';
import type { CarrierLabelData } from './types.js';

/**
 * Field data under `^FH_`: `_`, `^`, `~`, `\` and control characters as `_XX` hex, so any text
 * prints as given and never ends a field early. Text is UTF-8 (`^CI28`).
 */
export function zplFieldData(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    out += c < 0x20 || c === 0x7f || '_^~\\'.includes(ch) ? `_${c.toString(16).toUpperCase().padStart(2, '0')}` : ch;
  }
  return out;
}

function element(e: LabelElement): string {
  switch (e.kind) {
    case 'text': {
      const block = e.align === 'RIGHT' ? `^FB${e.maxWidth},1,0,R` : '';
      return `^FO${e.x},${e.y}^A0N,${e.height},${e.width}${block}^FH_^FD${zplFieldData(e.text)}^FS`;
    }
    case 'box':
      return `^FO${e.x},${e.y}^GB${e.w},${e.h},${e.thickness}^FS`;
    case 'code128': {
      // Subset C (`>;`) for digit pairs, else subset B (`>:`); `>` itself never reaches here (docTabBarcodeData).
      const start = /^(\d\d)+$/.test(e.data) ? '>;' : '>:';
      return `^FO${e.x},${e.y}^BY${e.module}^BCN,${e.height},N,N,N^FH_^FD${start}${zplFieldData(e.data)}^FS`;
    }
    case 'pdf417':
      return `^FO${e.x},${e.y}^BY${e.module}^B7N,${e.rowHeight},${e.security},${e.columns}^FH_^FD${zplFieldData(e.data)}^FS`;
  }
}

/** One package's label as ZPL II (the program PDF and PNG labels are rendered from). */
export function carrierLabelZpl(d: CarrierLabelData): string {
  const { width, height } = labelDotsOf(d);
  return [
    '^XA',
    '^CI28',
    `^PW${width}^LL${height}^LH0,0`,
    // ^POI: the label comes out upside down (rotation UPSIDE_DOWN or bottom edge of text first).
    d.inverted ? '^POI' : '^PON',
    ...carrierLabelLayout(d).map(element),
    '^PQ1',
    '^XZ',
  ].join('\n');
}
