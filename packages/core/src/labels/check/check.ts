/**
 * The label check: each symbol the decoder read on a rendered label matched to the ZPL field that
 * drew it, its text compared with what that field should give, and the printer's limits applied
 * (printable area, narrowest bar it prints reliably). Pure: the decoding happens elsewhere.
 */
import type { ZplField, ZplLabelData } from '../zpl/analyze.js';
import { expectedSymbol, matchesExpected } from './expected.js';
import { checkNote, noteText, UNREAD_SYMBOLOGIES, type CheckNote } from './notes.js';

/** A box in dots, top left origin. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One symbol the decoder read. */
export interface DecodedSymbol {
  /** Our symbology name (`Code 128`, `QR Code` …), as the ZPL data extraction names them. */
  symbology: string;
  /** Plain text: FNC1 as GS (0x1D); a leading FNC1 is not in the text. */
  text: string;
  box: Box;
}

/** The printer: density and printable area in dots (print width × label length). */
export interface PrinterProfile {
  dpmm: 6 | 8 | 12 | 24;
  widthDots: number;
  heightDots: number;
}

export type Verdict = 'pass' | 'warn' | 'fail';

/** The ZPL field a symbol belongs to. */
export interface CheckedField {
  x: number;
  y: number;
  symbology: string;
  data: string;
  byteIndex: number;
  /** What a scanner should read. */
  expected: string;
}

export interface SymbolCheck {
  symbology: string;
  /** Decoded text; null when the field's symbol did not decode. */
  text: string | null;
  box: Box | null;
  field: CheckedField | null;
  verdict: Verdict;
  /** In English (`noteText` of each note). */
  warnings: string[];
  /** The same, as codes and values for the reader's language. */
  notes: CheckNote[];
}

/** A symbol's check before its notes are worded. */
type Checked = Omit<SymbolCheck, 'warnings'>;
const worded = (c: Checked): SymbolCheck => ({ ...c, warnings: c.notes.map(noteText) });

/** Decoder names (zxing-cpp formats) → the ZPL data extraction's names. */
const FORMAT_NAMES: Record<string, string> = {
  Code128: 'Code 128',
  Code39: 'Code 39',
  Code93: 'Code 93',
  Codabar: 'Codabar',
  ITF: 'Interleaved 2 of 5',
  EAN13: 'EAN-13',
  EAN8: 'EAN-8',
  UPCA: 'UPC-A',
  UPCE: 'UPC-E',
  QRCode: 'QR Code',
  MicroQRCode: 'QR Code',
  DataMatrix: 'Data Matrix',
  PDF417: 'PDF417',
  MicroPDF417: 'MicroPDF417',
  Aztec: 'Aztec',
  MaxiCode: 'MaxiCode',
  DataBar: 'GS1 DataBar',
  DataBarExpanded: 'GS1 DataBar',
  DataBarLimited: 'GS1 DataBar',
};

export function symbologyOfFormat(format: string): string {
  return FORMAT_NAMES[format] ?? format;
}

/** Symbologies a ZPL field may draw that the decoder reports under another name. */
const COMPATIBLE: Record<string, readonly string[]> = {
  'UPC-A': ['EAN-13'],
  'EAN-13': ['UPC-A'],
  LOGMARS: ['Code 39'],
};
const compatible = (fieldSymbology: string, decoded: string) =>
  fieldSymbology === decoded || (COMPATIBLE[fieldSymbology] ?? []).includes(decoded);

/** Bar codes whose narrowest element is `^BY`'s module width (the others use their own magnification). */
const BY_MODULE = new Set([
  'Code 128',
  'Code 39',
  'Code 93',
  'Interleaved 2 of 5',
  'EAN-13',
  'EAN-8',
  'UPC-A',
  'UPC-E',
  'Codabar',
  'PDF417',
  'MicroPDF417',
  'LOGMARS',
]);

/**
 * The narrowest bar a thermal printer of this density prints reliably, in dots: 0.19 mm (heat
 * spreads into a one-dot bar) and never less than 2 dots — 2 at 6 and 8 dpmm, 3 at 12, 5 at 24.
 */
export function minimumModuleDots(dpmm: number): number {
  return Math.max(2, Math.ceil(0.19 * dpmm));
}

/** The field's narrowest element in dots, when its commands say it. */
function moduleDots(field: ZplField): number | undefined {
  const s = field.symbol;
  if (!s) return undefined;
  if (BY_MODULE.has(field.symbology ?? '')) return s.moduleWidth;
  const n = (k: number) => {
    const v = Number.parseInt(s.params[k - 1] ?? '', 10);
    return Number.isFinite(v) ? v : undefined;
  };
  switch (field.symbology) {
    case 'QR Code':
      return n(3) ?? 1;
    case 'Aztec':
      return n(2);
    case 'Data Matrix':
      return n(2);
    default:
      return undefined;
  }
}

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** Distance from a field's origin to a symbol's box (0 inside); ^FT origins sit at the bottom left. */
function distance(field: ZplField, box: Box): number {
  const dx = Math.max(box.x - field.x, 0, field.x - (box.x + box.width));
  const dy = Math.max(box.y - field.y, 0, field.y - (box.y + box.height));
  return Math.hypot(dx, dy);
}

function outsideArea(box: Box, profile: PrinterProfile): boolean {
  return box.x < 0 || box.y < 0 || box.x + box.width > profile.widthDots || box.y + box.height > profile.heightDots;
}

function checkedField(field: ZplField): CheckedField {
  return {
    x: field.x,
    y: field.y,
    symbology: field.symbology ?? '',
    data: field.data,
    byteIndex: field.byteIndex,
    expected: expectedSymbol(field)?.text ?? field.data,
  };
}

/** The printable area of one label: its ^PW/^LL where set (never past the rendered size). */
export function labelProfile(label: ZplLabelData, profile: PrinterProfile): PrinterProfile {
  return {
    dpmm: profile.dpmm,
    widthDots: Math.min(label.printWidth ?? profile.widthDots, profile.widthDots),
    heightDots: Math.min(label.labelLength ?? profile.heightDots, profile.heightDots),
  };
}

const worst = (verdicts: Verdict[]): Verdict =>
  verdicts.includes('fail') ? 'fail' : verdicts.includes('warn') ? 'warn' : 'pass';

/**
 * Checks one label: `label` from `analyzeZpl(…, { symbols: true })`, `decoded` what the decoder read
 * on its render, `profile` the printer the ZPL was rendered for (the label's own ^PW/^LL narrow it).
 * Every decoded symbol and every bar code field that gave none gets one entry, in reading order.
 */
export function checkLabel(label: ZplLabelData, decoded: readonly DecodedSymbol[], printer: PrinterProfile) {
  const profile = labelProfile(label, printer);
  const fields = label.fields.filter((f) => f.kind === 'barcode');
  const expected = fields.map((f) => expectedSymbol(f)!);

  // Pair symbols with fields, best pairs first: same text before nearest.
  const pairs: { s: number; f: number; score: number }[] = [];
  decoded.forEach((symbol, s) =>
    fields.forEach((field, f) => {
      if (!compatible(field.symbology ?? '', symbol.symbology)) return;
      const d = distance(field, symbol.box);
      const same = matchesExpected(symbol.text, expected[f]!);
      // A field's symbol lies where its origin is; a far one of another text is another field's.
      if (!same && d > Math.max(symbol.box.width, symbol.box.height, 50)) return;
      pairs.push({ s, f, score: (same ? 0 : 1e6) + d });
    }),
  );
  pairs.sort((a, b) => a.score - b.score);
  const fieldOf = new Map<number, number>();
  const taken = new Set<number>();
  for (const p of pairs) {
    if (fieldOf.has(p.s) || taken.has(p.f)) continue;
    fieldOf.set(p.s, p.f);
    taken.add(p.f);
  }

  const minimum = minimumModuleDots(profile.dpmm);
  const printerNotes = (field: ZplField): CheckNote[] => {
    const dots = moduleDots(field);
    if (dots === undefined || dots >= minimum) return [];
    return [
      checkNote('narrowBar', {
        dots,
        dotWord: dots === 1 ? 'dot' : 'dots',
        mm: (dots / profile.dpmm).toFixed(2),
        minimum,
        dpmm: profile.dpmm,
      }),
    ];
  };

  const out: Checked[] = decoded.map((symbol, s) => {
    const f = fieldOf.get(s);
    const notes: CheckNote[] = [];
    let verdict: Verdict = 'pass';
    if (outsideArea(symbol.box, profile)) {
      notes.push(checkNote('outsideArea', { width: profile.widthDots, height: profile.heightDots }));
      verdict = 'fail';
    }
    if (f === undefined) {
      notes.push(checkNote('noField'));
      return {
        symbology: symbol.symbology,
        text: symbol.text,
        box: symbol.box,
        field: null,
        verdict: worst([verdict, 'warn']),
        notes,
      };
    }
    const field = fields[f]!;
    const wanted = expected[f]!;
    if (!matchesExpected(symbol.text, wanted)) {
      notes.push(checkNote('mismatch', { text: symbol.text, expected: wanted.text }));
      verdict = 'fail';
    }
    const narrow = printerNotes(field);
    notes.push(...narrow);
    return {
      symbology: symbol.symbology,
      text: symbol.text,
      box: symbol.box,
      field: checkedField(field),
      // A bar the printer cannot draw reliably will not scan reliably, however clean the raster.
      verdict: worst([verdict, narrow.length ? 'fail' : 'pass']),
      notes,
    };
  });

  fields.forEach((field, f) => {
    if (taken.has(f)) return;
    const symbology = field.symbology ?? '';
    const unread = symbology in UNREAD_SYMBOLOGIES;
    out.push({
      symbology,
      text: null,
      box: null,
      field: checkedField(field),
      verdict: unread ? 'warn' : 'fail',
      notes: [
        unread ? checkNote('unreadSymbology', { symbology }) : whyNotDecoded(field, profile),
        ...printerNotes(field),
      ],
    });
  });

  out.sort((a, b) => {
    const pa = a.box ?? { x: a.field!.x, y: a.field!.y };
    const pb = b.box ?? { x: b.field!.x, y: b.field!.y };
    return pa.y - pb.y || pa.x - pb.x;
  });
  return { symbols: out.map(worded), verdict: worst(out.map((s) => s.verdict)) };
}

/**
 * The width of an upright Code 128 in dots: start, data, check (11 modules each) and stop (13).
 * Mode N (the default) stays in the subset its invocation codes choose (B unless `>;` or `>5`
 * select C, where digits go in pairs); the other modes pack runs of 4 or more digits in pairs.
 */
export function code128WidthDots(field: ZplField): number | undefined {
  const s = field.symbol;
  if (field.symbology !== 'Code 128' || !s || !['', 'N', 'I'].includes((s.params[0] ?? '').toUpperCase())) {
    return undefined;
  }
  const mode = (s.params[5] ?? '').toUpperCase() || 'N';
  let codewords = 0;
  if (mode === 'N') {
    let subsetC = false;
    const data = field.data;
    for (let i = 0; i < data.length; i++) {
      if (data[i] === '>' && i + 1 < data.length) {
        const code = data[++i]!;
        const start = i === 1;
        if (code === ';' || code === '5') subsetC = true;
        else if ('679:'.includes(code)) subsetC = false;
        if (!(start && ';9:'.includes(code))) codewords += 1;
      } else if (subsetC && /\d\d/.test(data.slice(i, i + 2))) {
        codewords += 1;
        i += 1;
      } else codewords += 1;
    }
  } else {
    const text = expectedSymbol(field)?.text ?? field.data;
    for (const run of text.match(/\d{4,}|\D|\d{1,3}/g) ?? []) {
      codewords += /^\d{4,}$/.test(run) ? Math.ceil(run.length / 2) : run.length;
    }
  }
  return (11 * (codewords + 2) + 13) * s.moduleWidth;
}

/** The smallest symbol of a 2D symbology, in modules a side (QR version 1, Data Matrix 10 × 10, compact Aztec). */
const SMALLEST_MATRIX: Readonly<Record<string, number>> = { 'QR Code': 21, 'Data Matrix': 10, Aztec: 15 };

/** The likely reason a drawn symbol did not decode, as far as the ZPL tells. */
function whyNotDecoded(field: ZplField, profile: PrinterProfile): CheckNote {
  const symbology = field.symbology ?? '';
  // A ^FT origin is the symbol's bottom left: only its x says it starts outside.
  const yOutside = field.symbol?.origin !== 'FT' && field.y >= profile.heightDots;
  if (field.x >= profile.widthDots || yOutside) return checkNote('notDecodedOriginOutside', { symbology });
  const width = code128WidthDots(field);
  if (width !== undefined && field.x + width > profile.widthDots) {
    return checkNote('notDecodedPastEdge', { symbology, width, printWidth: profile.widthDots });
  }
  const dots = moduleDots(field);
  const smallest = SMALLEST_MATRIX[symbology];
  if (smallest && dots !== undefined && field.x + smallest * dots > profile.widthDots) {
    return checkNote('notDecodedMatrixPastEdge', {
      symbology,
      width: smallest * dots,
      modules: smallest,
      dots,
      x: field.x,
      printWidth: profile.widthDots,
    });
  }
  if (dots !== undefined && dots < minimumModuleDots(profile.dpmm)) return checkNote('notDecodedNarrow', { symbology });
  return checkNote('notDecoded', { symbology });
}

export type LabelCheck = ReturnType<typeof checkLabel>;

/** Symbols read on an image without ZPL (a PNG or PDF label): decoded and shown, nothing to compare. */
export function decodedOnly(decoded: readonly DecodedSymbol[], printer?: PrinterProfile): LabelCheck {
  const symbols: SymbolCheck[] = decoded.map((symbol) => {
    const outside = printer && outsideArea(symbol.box, printer);
    return worded({
      symbology: symbol.symbology,
      text: symbol.text,
      box: symbol.box,
      field: null,
      verdict: outside ? 'fail' : 'pass',
      notes: outside ? [checkNote('outsideImage')] : [],
    });
  });
  symbols.sort((a, b) => centre(a.box!).y - centre(b.box!).y || a.box!.x - b.box!.x);
  return { symbols, verdict: worst(symbols.map((s) => s.verdict)) };
}
