/**
 * Labels printed on office paper: the `X-Page-*` / `X-Label-Border` headers of the label service
 * and the grid they describe. Labels keep their physical size on the sheet; a grid that does not
 * fit the printable area (page less a quarter-inch margin) is scaled down as a whole.
 */
import type { Parsed } from '../sizes.js';

/** PDF points (1/72 in). */
export const PAGE_SIZES = {
  Letter: { width: 612, height: 792 },
  A4: { width: 595.28, height: 841.89 },
  A5: { width: 419.53, height: 595.28 },
  A6: { width: 297.64, height: 419.53 },
  Legal: { width: 612, height: 1008 },
} as const;
export type PageSizeName = keyof typeof PAGE_SIZES;
export const PAGE_ORIENTATIONS = ['Portrait', 'Landscape'] as const;
export const PAGE_ALIGNS = ['Left', 'Center', 'Right', 'Justify'] as const;
export const PAGE_VERTICAL_ALIGNS = ['Top', 'Center', 'Bottom', 'Justify'] as const;
export const LABEL_BORDERS = ['None', 'Dashed', 'Solid'] as const;
export const LABEL_QUALITIES = ['Grayscale', 'Bitonal'] as const;
export type LabelQuality = (typeof LABEL_QUALITIES)[number];

/** Margin around the grid, points. */
export const SHEET_MARGIN = 18;
/** At most this many labels a page (cols × rows). */
export const MAX_SHEET_CELLS = 100;

export interface SheetOptions {
  pageSize: PageSizeName;
  orientation: (typeof PAGE_ORIENTATIONS)[number];
  cols: number;
  rows: number;
  align: (typeof PAGE_ALIGNS)[number];
  verticalAlign: (typeof PAGE_VERTICAL_ALIGNS)[number];
  border: (typeof LABEL_BORDERS)[number];
}

export interface SheetHeaders {
  pageSize?: string | undefined;
  orientation?: string | undefined;
  layout?: string | undefined;
  align?: string | undefined;
  verticalAlign?: string | undefined;
  border?: string | undefined;
}

function pick<T extends string>(header: string, raw: string | undefined, values: readonly T[], fallback: T): Parsed<T> {
  if (raw === undefined || raw.trim() === '') return { ok: true, value: fallback };
  const found = values.find((v) => v.toLowerCase() === raw.trim().toLowerCase());
  if (found) return { ok: true, value: found };
  return { ok: false, message: `invalid ${header} "${raw}": use one of ${values.join(', ')}` };
}

/**
 * The sheet asked for by the headers, or undefined when none of them is given (one label a page at
 * the label's size). X-Page-Size is required once any other sheet header is present.
 */
export function parseSheetHeaders(h: SheetHeaders): Parsed<SheetOptions | undefined> {
  const given = Object.values(h).some((v) => v !== undefined && v.trim() !== '');
  if (!given) return { ok: true, value: undefined };
  if (h.pageSize === undefined || h.pageSize.trim() === '') {
    return { ok: false, message: 'X-Page-Size is required with the other X-Page-* and X-Label-Border headers' };
  }
  const pageSize = pick('X-Page-Size', h.pageSize, Object.keys(PAGE_SIZES) as PageSizeName[], 'Letter');
  if (!pageSize.ok) return pageSize;
  const orientation = pick('X-Page-Orientation', h.orientation, PAGE_ORIENTATIONS, 'Portrait');
  if (!orientation.ok) return orientation;
  const align = pick('X-Page-Align', h.align, PAGE_ALIGNS, 'Center');
  if (!align.ok) return align;
  const verticalAlign = pick('X-Page-Vertical-Align', h.verticalAlign, PAGE_VERTICAL_ALIGNS, 'Top');
  if (!verticalAlign.ok) return verticalAlign;
  const border = pick('X-Label-Border', h.border, LABEL_BORDERS, 'None');
  if (!border.ok) return border;
  let cols = 1;
  let rows = 1;
  if (h.layout !== undefined && h.layout.trim() !== '') {
    const m = /^\s*(\d{1,3})\s*x\s*(\d{1,3})\s*$/i.exec(h.layout);
    cols = m ? Number(m[1]) : 0;
    rows = m ? Number(m[2]) : 0;
    if (!m || cols < 1 || rows < 1 || cols * rows > MAX_SHEET_CELLS) {
      return {
        ok: false,
        message: `invalid X-Page-Layout "${h.layout}": use <columns>x<rows>, e.g. 2x3, at most ${MAX_SHEET_CELLS} labels a page`,
      };
    }
  }
  return {
    ok: true,
    value: {
      pageSize: pageSize.value,
      orientation: orientation.value,
      cols,
      rows,
      align: align.value,
      verticalAlign: verticalAlign.value,
      border: border.value,
    },
  };
}

/** `Grayscale` (default, as the engine draws) or `Bitonal` (every pixel black or white). */
export function parseQuality(raw: string | undefined): Parsed<LabelQuality> {
  return pick('X-Quality', raw, LABEL_QUALITIES, 'Grayscale');
}

export interface SheetCell {
  /** PDF coordinates (origin bottom left), points. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SheetLayout {
  page: { width: number; height: number };
  /** cols × rows cells, row by row from the top left. */
  cells: SheetCell[];
  /** 1 = labels at their real size. */
  scale: number;
}

/** Where each label of a page goes, for labels of `label` points. */
export function sheetLayout(options: SheetOptions, label: { width: number; height: number }): SheetLayout {
  const base = PAGE_SIZES[options.pageSize];
  const page =
    options.orientation === 'Landscape'
      ? { width: base.height, height: base.width }
      : { width: base.width, height: base.height };
  const availW = page.width - 2 * SHEET_MARGIN;
  const availH = page.height - 2 * SHEET_MARGIN;
  const scale = Math.min(1, availW / (options.cols * label.width), availH / (options.rows * label.height));
  const w = label.width * scale;
  const h = label.height * scale;
  const place = (count: number, size: number, avail: number, align: 'start' | 'center' | 'end' | 'justify') => {
    const free = avail - count * size;
    if (align === 'justify' && count > 1) {
      const gap = free / (count - 1);
      return Array.from({ length: count }, (_, k) => k * (size + gap));
    }
    const start = align === 'start' ? 0 : align === 'end' ? free : free / 2;
    return Array.from({ length: count }, (_, k) => start + k * size);
  };
  const h2 = { Left: 'start', Center: 'center', Right: 'end', Justify: 'justify' } as const;
  const v2 = { Top: 'start', Center: 'center', Bottom: 'end', Justify: 'justify' } as const;
  const xs = place(options.cols, w, availW, h2[options.align]);
  const ys = place(options.rows, h, availH, v2[options.verticalAlign]);
  const cells: SheetCell[] = [];
  for (const top of ys) {
    for (const left of xs) {
      cells.push({ x: SHEET_MARGIN + left, y: page.height - SHEET_MARGIN - top - h, width: w, height: h });
    }
  }
  return { page, cells, scale };
}
