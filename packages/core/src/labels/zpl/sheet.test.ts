import { describe, expect, it } from 'vitest';
import { parseQuality, parseSheetHeaders, sheetLayout, SHEET_MARGIN, type SheetOptions } from './index.js';

const a4: SheetOptions = {
  pageSize: 'A4',
  orientation: 'Portrait',
  cols: 2,
  rows: 3,
  align: 'Center',
  verticalAlign: 'Top',
  border: 'None',
};

describe('sheet headers', () => {
  it('reads the headers case-insensitively with defaults, or nothing when none is given', () => {
    expect(parseSheetHeaders({})).toEqual({ ok: true, value: undefined });
    expect(parseSheetHeaders({ pageSize: 'a4', layout: '2X3' })).toEqual({ ok: true, value: a4 });
    expect(parseSheetHeaders({ pageSize: 'Legal', border: 'solid', orientation: 'landscape' })).toMatchObject({
      ok: true,
      value: { pageSize: 'Legal', border: 'Solid', orientation: 'Landscape', cols: 1, rows: 1 },
    });
    expect(parseSheetHeaders({ pageSize: 'A4', layout: '20x6' })).toEqual({
      ok: false,
      message: 'invalid X-Page-Layout "20x6": use <columns>x<rows>, e.g. 2x3, at most 100 labels a page',
    });
    expect(parseQuality(undefined)).toEqual({ ok: true, value: 'Grayscale' });
    expect(parseQuality('bitonal')).toEqual({ ok: true, value: 'Bitonal' });
  });
});

describe('sheetLayout', () => {
  it('keeps labels at their size when the grid fits, centred, from the top', () => {
    const label = { width: 144, height: 144 }; // 2 × 2 in
    const l = sheetLayout(a4, label);
    expect(l.scale).toBe(1);
    expect(l.cells).toHaveLength(6);
    const free = 595.28 - 2 * SHEET_MARGIN - 2 * 144;
    expect(l.cells[0]).toEqual({ x: SHEET_MARGIN + free / 2, y: 841.89 - SHEET_MARGIN - 144, width: 144, height: 144 });
    expect(l.cells[1]!.x).toBeCloseTo(SHEET_MARGIN + free / 2 + 144);
    expect(l.cells[2]!.y).toBeCloseTo(841.89 - SHEET_MARGIN - 288);
  });

  it('scales a grid that does not fit, and justifies to the margins', () => {
    const l = sheetLayout({ ...a4, align: 'Justify', verticalAlign: 'Justify' }, { width: 288, height: 432 });
    expect(l.scale).toBeCloseTo((841.89 - 2 * SHEET_MARGIN) / (3 * 432));
    expect(l.cells[0]!.x).toBe(SHEET_MARGIN);
    expect(l.cells[1]!.x + l.cells[1]!.width).toBeCloseTo(595.28 - SHEET_MARGIN);
    expect(l.cells[5]!.y).toBeCloseTo(SHEET_MARGIN);
  });

  it('turns the page for Landscape', () => {
    expect(sheetLayout({ ...a4, orientation: 'Landscape' }, { width: 100, height: 100 }).page).toEqual({
      width: 841.89,
      height: 595.28,
    });
  });
});
