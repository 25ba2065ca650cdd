import { encodeShipmentData, utf8Length } from './shipmentData.js';
import type { CarrierLabelData, LabelParty } from './types.js';

/**
 * The one carrier label layout, as positioned elements in dots at 8 dpmm (203 dpi). The ZPL and
 * EPL2 writers translate the same element list, so both label types carry the same content in the
 * same places. Structured like the carrier's 4 × 6 labels: FROM block and ship data on top, the TO
 * block, the 2D symbol beside the service box, then tracking number, routing and the 1D barcode;
 * a 0.75 in doc tab before (leading) or after (trailing) it on 4 × 6.75 stock.
 */
export type LabelElement =
  | {
      kind: 'text';
      x: number;
      y: number;
      /** Character cell in dots: height and (widest) width. */
      height: number;
      width: number;
      text: string;
      /** Room to the right of x, in dots; text is cut to fit it. */
      maxWidth: number;
      align: 'LEFT' | 'RIGHT';
    }
  | { kind: 'box'; x: number; y: number; w: number; h: number; thickness: number }
  | { kind: 'code128'; x: number; y: number; height: number; module: number; data: string }
  | {
      kind: 'pdf417';
      x: number;
      y: number;
      rowHeight: number;
      module: number;
      columns: number;
      security: number;
      data: string;
    };

export const LABEL_DPMM = 8;
export const LABEL_WIDTH_DOTS = 812;
export const LABEL_MAIN_HEIGHT_DOTS = 1218;
export const DOC_TAB_HEIGHT_DOTS = 152;

/**
 * What the layout prints whole, in character cells (a wide CJK character is two): the carrier's
 * own limits for names, street lines and cities (35) and postal codes (10). Longer text is cut to
 * the room it has; so is every other field.
 */
export const LABEL_TEXT_LIMITS = {
  name: 35,
  streetLine: 35,
  city: 35,
  stateOrProvinceCode: 3,
  postalCode: 10,
} as const;

/** The dots a label of this data takes: 812 × 1218 (4 × 6 in), 812 × 1370 with a doc tab (4 × 6.75 in). */
export function labelDotsOf(d: Pick<CarrierLabelData, 'docTab'>): { width: number; height: number } {
  return { width: LABEL_WIDTH_DOTS, height: LABEL_MAIN_HEIGHT_DOTS + (d.docTab ? DOC_TAB_HEIGHT_DOTS : 0) };
}

/** How many cells a character takes: wide (CJK, full-width) characters count two. */
const cells = (ch: string) => (ch.codePointAt(0)! >= 0x2e80 ? 2 : 1);

/** Drops control characters (they have no place in printed text). */
// eslint-disable-next-line no-control-regex -- control characters are what is dropped
const printable = (text: string) => text.replace(/[\x00-\x1f\x7f]/g, ' ');

/** `text` cut to `maxCells` character cells. */
export function fitText(text: string, maxCells: number): string {
  let used = 0;
  let out = '';
  for (const ch of printable(text)) {
    used += cells(ch);
    if (used > maxCells) break;
    out += ch;
  }
  return out;
}

/** Width in dots of a text element once cut (each cell counted at its full width). */
export function textWidthDots(text: string, cellWidth: number): number {
  let n = 0;
  for (const ch of text) n += cells(ch);
  return n * cellWidth;
}

/** Code 128 width in modules: start, data (subset C pairs for an even run of digits, else subset B), check, stop. */
export function code128Modules(data: string): number {
  const symbols = /^(\d\d)+$/.test(data) ? data.length / 2 : data.length;
  return 11 * (symbols + 2) + 13;
}

/** PDF417 rows for `bytes` of data: at most one codeword per byte (+2 for mode latches), plus EC. */
export function pdf417Rows(bytes: number, columns: number, security: number): number {
  const codewords = 1 + bytes + 2 + 2 ** (security + 1);
  return Math.max(3, Math.ceil(codewords / columns));
}

export const pdf417WidthDots = (columns: number, module: number) => (17 * columns + 69) * module;

/** Text the barcode zone of a doc tab can carry: printable ASCII (Code 128 subset B), 30 characters. */
export const docTabBarcodeData = (value: string) => value.replace(/[^\x20-\x7e]/g, '').slice(0, 30);

const W = LABEL_WIDTH_DOTS;

function text(
  x: number,
  y: number,
  height: number,
  width: number,
  value: string,
  maxWidth = W - 12 - x,
  align: 'LEFT' | 'RIGHT' = 'LEFT',
): LabelElement {
  return { kind: 'text', x, y, height, width, text: fitText(value, Math.floor(maxWidth / width)), maxWidth, align };
}

const join = (...parts: string[]) => parts.filter((p) => p.trim() !== '').join(' ');
const spacedTracking = (t: string) => t.replace(/(\d{4})(?=\d)/g, '$1 ');
/** `2026-11-24` → `24NOV26`, as the carrier prints ship dates. */
function labelDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
  return `${m[3]}${months[Number(m[2]) - 1] ?? '???'}${m[1]!.slice(2)}`;
}
const billLine = (payor: string, account: string) => join(`BILL ${payor.replace(/_/g, ' ')}`, account);

/** Words in lines of at most `width` characters (a longer word is cut by the text element), at most `lines` lines. */
function wrapWords(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = out.length - 1;
    if (last >= 0 && out[last]!.length + 1 + word.length <= width) out[last] = `${out[last]} ${word}`;
    else out.push(word);
  }
  return out.slice(0, lines);
}

function partyLines(p: LabelParty): string[] {
  const name = p.personName || p.companyName;
  return [name, p.personName && p.companyName ? p.companyName : '', ...p.streetLines.slice(0, 2)];
}

/** The element list of one package's label. */
export function carrierLabelLayout(d: CarrierLabelData): LabelElement[] {
  const out: LabelElement[] = [];
  const masked = new Set(d.masked);
  const tab = d.docTab;
  const top = tab?.position === 'LEADING' ? DOC_TAB_HEIGHT_DOTS : 0;
  const y = (n: number) => top + n;

  // FROM block (left) and ship data (right), small font, 7 lines of 17 dots.
  const small = (x: number, row: number, value: string, maxWidth?: number) =>
    out.push(text(x, y(4 + row * 17), 16, 11, value, maxWidth));
  small(24, 0, `FROM: ${d.shipper.phoneNumber}`, 420);
  if (!masked.has('SHIPPER_INFORMATION')) {
    const from = partyLines(d.shipper).filter(Boolean).slice(0, 4);
    from.push(join(d.shipper.city, d.shipper.stateOrProvinceCode, d.shipper.postalCode));
    from.forEach((line, i) => small(24, 1 + i, line, 420));
  }
  small(24, 6, join(d.shipper.countryCode, `ORIGIN ID: ${d.origin.locationId}`), 420);
  const right: string[] = [`SHIP DATE: ${labelDate(d.shipDate)}`];
  if (!masked.has('TOTAL_WEIGHT')) right.push(`ACTWGT: ${d.weight.value} ${d.weight.units}`);
  if (d.dimensions && !masked.has('DIMENSIONS')) {
    const m = d.dimensions;
    right.push(`DIMS: ${m.length} X ${m.width} X ${m.height} ${m.units}`);
  }
  if (d.shipperAccount && !masked.has('SHIPPER_ACCOUNT_NUMBER')) right.push(`ACCT: ${d.shipperAccount}`);
  right.push(billLine(d.payor, masked.has('TRANSPORTATION_CHARGES_PAYOR_ACCOUNT_NUMBER') ? '' : d.payorAccount));
  if (d.dutiesPayor) {
    right.push(
      `DUTIES: ${billLine(d.dutiesPayor, masked.has('DUTIES_AND_TAXES_PAYOR_ACCOUNT_NUMBER') ? '' : d.dutiesPayorAccount).slice(5)}`,
    );
  }
  if (d.customsValue && !masked.has('CUSTOMS_VALUE')) right.push(`CUSTOMS VALUE: ${d.customsValue}`);
  if (d.insuredValue && !masked.has('INSURED_VALUE')) right.push(`DECLARED VALUE: ${d.insuredValue}`);
  right.slice(0, 7).forEach((line, i) => small(456, i, line, 344));
  out.push({ kind: 'box', x: 12, y: y(124), w: 788, h: 2, thickness: 2 });

  // TO block.
  out.push(text(12, y(136), 20, 14, 'TO', 28));
  const to = d.recipient;
  partyLines(to).forEach((line, i) => {
    if (line) out.push(text(40, y(134 + i * 38), 34, 21, line, 764));
  });
  out.push(text(40, y(286), 36, 19, join(to.city, to.stateOrProvinceCode), 764));
  out.push(text(40, y(326), 40, 24, join(to.postalCode, `(${to.countryCode})`), 420));
  out.push(text(470, y(330), 16, 11, to.phoneNumber, 330));
  const refs = d.references.filter((r) => r.trim() !== '');
  out.push(text(40, y(370), 16, 11, refs.length > 0 ? `REF: ${refs.join(' / ')}` : 'REF:', 760));
  out.push({ kind: 'box', x: 12, y: y(392), w: 788, h: 2, thickness: 2 });

  // Middle: the PDF417 symbol (left), the service box (right).
  if (!masked.has('SECONDARY_BARCODE')) {
    out.push({
      kind: 'pdf417',
      x: 20,
      y: y(404),
      rowHeight: 6,
      module: 2,
      columns: 12,
      security: 4,
      data: encodeShipmentData(d),
    });
  }
  wrapWords(d.serviceName, 21, 3).forEach((line, i) => out.push(text(588, y(400 + i * 20), 18, 10, line, 212)));
  out.push({ kind: 'box', x: 620, y: y(464), w: 160, h: 144, thickness: 8 });
  out.push(text(640, y(486), 100, 60, d.serviceCode, 130));
  out.push(text(588, y(618), 20, 9, d.serviceType.replace(/_/g, ' '), 212));
  out.push(text(588, y(646), 20, 13, `${d.sequence} OF ${d.count}`, 212));
  out.push({ kind: 'box', x: 12, y: y(680), w: 788, h: 2, thickness: 2 });

  // Tracking number, routing, barcode.
  out.push(text(24, y(700), 24, 16, 'TRK#', 70));
  out.push(text(96, y(692), 48, 32, spacedTracking(d.trackingNumber), 500));
  out.push(text(600, y(700), 32, 20, `PKG ${d.sequence}/${d.count}`, 200));
  if (d.masterTrackingNumber && d.masterTrackingNumber !== d.trackingNumber) {
    out.push(text(24, y(746), 18, 12, `MSTR# ${spacedTracking(d.masterTrackingNumber)}`, 500));
  }
  const dest = d.destination;
  out.push(text(24, y(772), 80, 56, `${dest.serviceArea} ${dest.locationId}`, 460));
  out.push(text(500, y(772), 40, 26, join(to.stateOrProvinceCode, to.countryCode), 290));
  out.push(text(500, y(816), 40, 26, to.postalCode, 290));
  out.push(text(660, y(862), 40, 30, dest.airportCode, 130));
  const barcodeWidth = code128Modules(d.trackingNumber) * 3;
  out.push({
    kind: 'code128',
    x: Math.round((W - barcodeWidth) / 2),
    y: y(906),
    height: 200,
    module: 3,
    data: d.trackingNumber,
  });
  out.push(text(250, y(1116), 28, 20, spacedTracking(d.trackingNumber), 400));
  if (!masked.has('TERMS_AND_CONDITIONS')) {
    out.push(text(24, y(1180), 16, 11, "Subject to the carrier's terms and conditions of carriage.", 780));
  }

  if (tab) out.push(...docTabElements(tab, tab.position === 'LEADING' ? 0 : LABEL_MAIN_HEIGHT_DOTS));
  return out;
}

/** The doc tab: 6 zones per row, header over value; a BARCODED tab has a Code 128 row instead of the second. */
function docTabElements(tab: NonNullable<CarrierLabelData['docTab']>, top: number): LabelElement[] {
  const out: LabelElement[] = [];
  const zoneWidth = Math.floor((W - 24) / 6);
  const zones = tab.zones.slice(0, tab.barcode !== undefined ? 6 : 12);
  zones.forEach((z, i) => {
    const x = 12 + (i % 6) * zoneWidth;
    const rowY = top + 8 + Math.floor(i / 6) * 70;
    out.push(text(x + 4, rowY, 18, 12, z.header, zoneWidth - 8));
    const value = fitText(z.value, Math.floor((zoneWidth - 8) / 14));
    const vx = z.justification === 'RIGHT' ? x + 4 + (zoneWidth - 8) - textWidthDots(value, 14) : x + 4;
    out.push(text(vx, rowY + 24, 26, 14, value, zoneWidth - 8 - (vx - x - 4)));
  });
  if (tab.barcode !== undefined) {
    const data = docTabBarcodeData(tab.barcode);
    if (data) out.push({ kind: 'code128', x: 24, y: top + 80, height: 60, module: 2, data });
  }
  out.push({ kind: 'box', x: 12, y: top === 0 ? DOC_TAB_HEIGHT_DOTS - 4 : top + 2, w: 788, h: 2, thickness: 2 });
  return out;
}

/** The box an element covers, in dots: what must stay inside the label. */
export function elementBounds(e: LabelElement): { x: number; y: number; w: number; h: number } {
  switch (e.kind) {
    case 'text':
      return { x: e.x, y: e.y, w: textWidthDots(e.text, e.width), h: e.height };
    case 'box':
      return { x: e.x, y: e.y, w: e.w, h: e.h };
    case 'code128':
      return { x: e.x, y: e.y, w: code128Modules(e.data) * e.module, h: e.height };
    case 'pdf417':
      return {
        x: e.x,
        y: e.y,
        w: pdf417WidthDots(e.columns, e.module),
        h: pdf417Rows(utf8Length(e.data), e.columns, e.security) * e.rowHeight,
      };
  }
}
