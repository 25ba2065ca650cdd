/**
 * Label geometry shared by the conversion service, the CLI and the viewers. Sizes are in inches
 * (as printers and the public ZPL API state them), resolutions in dots per millimetre.
 */
export const DPMM_VALUES = [6, 8, 12, 24] as const;
export type Dpmm = (typeof DPMM_VALUES)[number];

export const MAX_LABEL_INCHES = 15;
export const MM_PER_INCH = 25.4;
export const PDF_POINTS_PER_INCH = 72;

export const ROTATIONS = [0, 90, 180, 270] as const;
export type Rotation = (typeof ROTATIONS)[number];

export interface LabelSize {
  widthIn: number;
  heightIn: number;
}

/** The sizes offered in the screens; any size up to 15 × 15 in is accepted by the service. */
export const LABEL_SIZE_PRESETS = ['4x6', '4x6.75'] as const;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** `8dpmm` or `8` → 8. */
export function parseDpmm(text: string): Parsed<Dpmm> {
  const m = /^(\d+)(dpmm)?$/i.exec(text.trim());
  const n = m ? Number(m[1]) : NaN;
  if ((DPMM_VALUES as readonly number[]).includes(n)) return { ok: true, value: n as Dpmm };
  return {
    ok: false,
    message: `unsupported print density "${text}": use one of ${DPMM_VALUES.map((d) => `${d}dpmm`).join(', ')}`,
  };
}

const DIMENSION = '(\\d+(?:\\.\\d+)?|\\.\\d+)';
const SIZE_PATTERN = new RegExp(`^${DIMENSION}x${DIMENSION}$`, 'i');

/** `4x6.75` → 4 × 6.75 in; both sides greater than 0 and at most 15 in. */
export function parseLabelSize(text: string): Parsed<LabelSize> {
  const m = SIZE_PATTERN.exec(text.trim());
  if (!m) return { ok: false, message: `invalid label size "${text}": use <width>x<height> in inches, e.g. 4x6` };
  const widthIn = Number(m[1]);
  const heightIn = Number(m[2]);
  if (!(widthIn > 0 && heightIn > 0) || widthIn > MAX_LABEL_INCHES || heightIn > MAX_LABEL_INCHES) {
    return {
      ok: false,
      message: `invalid label size "${text}": width and height must be greater than 0 and at most ${MAX_LABEL_INCHES} inches`,
    };
  }
  return { ok: true, value: { widthIn, heightIn } };
}

/** Label index, base 0. */
export function parseLabelIndex(text: string): Parsed<number> {
  if (/^\d{1,6}$/.test(text.trim())) return { ok: true, value: Number(text) };
  return { ok: false, message: `invalid label index "${text}": use a whole number from 0` };
}

export function parseRotation(text: string): Parsed<Rotation> {
  const n = Number(text.trim());
  if (text.trim() !== '' && (ROTATIONS as readonly number[]).includes(n)) return { ok: true, value: n as Rotation };
  return { ok: false, message: `invalid rotation "${text}": use 0, 90, 180 or 270` };
}

/**
 * Dots across one side: the engine rounds a partial dot up (4 in at 8 dpmm = 812.8 → 813 dots).
 * The small tolerance keeps sizes written to a few decimals (4.000984 in) on the intended dot.
 */
export function labelDots(inches: number, dpmm: number): number {
  return Math.max(1, Math.ceil(inches * MM_PER_INCH * dpmm - 1e-3));
}

export function labelPixelSize(size: LabelSize, dpmm: number): { width: number; height: number } {
  return { width: labelDots(size.widthIn, dpmm), height: labelDots(size.heightIn, dpmm) };
}

/** PDF page size in points for one label (4 × 6 in = 288 × 432 pt), turned for 90/270° output. */
export function pdfPageSize(size: LabelSize, rotation: Rotation = 0): { width: number; height: number } {
  const w = size.widthIn * PDF_POINTS_PER_INCH;
  const h = size.heightIn * PDF_POINTS_PER_INCH;
  return rotation === 90 || rotation === 270 ? { width: h, height: w } : { width: w, height: h };
}
