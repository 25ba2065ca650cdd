import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSampleLabel, seededRandom } from '../sample.js';
import { DEFAULT_LABEL_DOTS, freeSpot, labelLayouts, type ZplBox } from './layout.js';

const intersects = (a: { x: number; y: number; width: number; height: number }, b: ZplBox) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('labelLayouts', () => {
  it('estimates each field box: text from its font, graphics from ^GB/^GF, bar codes from ^BY and their height', () => {
    const zpl =
      '^XA^PW600^LL400^LH10,5' +
      '^FO24,20^A0N,20,20^FDFROM:^FS' +
      '^FO0,100^GB600,3,3^FS' +
      '^FO50,150^GFA,20,20,2,' +
      'FF'.repeat(20) +
      '^FS' +
      '^FO100,200^BY2,3^BCN,80,N,N,N^FD>;123456^FS' +
      '^FT300,390^A0N,30,30^FDbase^FS' +
      '^XZ';
    const [label, ...more] = labelLayouts(zpl);
    expect(more).toEqual([]);
    expect(label).toMatchObject({ index: 0, widthDots: 600, heightDots: 400, start: 0 });
    expect(label!.boxes.map(({ byteIndex: _b, ...box }) => box)).toEqual([
      { kind: 'text', x: 34, y: 25, width: 65, height: 20 }, // 5 characters × 0.65 × 20
      { kind: 'graphic', x: 10, y: 105, width: 600, height: 3 },
      { kind: 'graphic', x: 60, y: 155, width: 16, height: 10 }, // 2 bytes a row, 20 bytes
      { kind: 'barcode', x: 110, y: 205, width: (11 * (3 + 3) + 2) * 2, height: 80 }, // subset C: 3 symbols
      { kind: 'text', x: 310, y: 365, width: 78, height: 30 }, // ^FT: the baseline is the bottom
    ]);
    expect(zpl.slice(label!.end, label!.end + 3)).toBe('^XZ');
    expect(label!.fieldEnds.map((at) => zpl.slice(at - 3, at))).toEqual(['^FS', '^FS', '^FS', '^FS', '^FS']);
  });

  it('reads every label of a document, the 4×6 in default size when ^PW/^LL are absent', () => {
    const layouts = labelLayouts('^XA^FO10,10^FDa^FS^XZ\n^XA^XZ');
    expect(layouts.map((l) => [l.index, l.boxes.length, l.widthDots, l.heightDots])).toEqual([
      [0, 1, DEFAULT_LABEL_DOTS.width, DEFAULT_LABEL_DOTS.height],
      [1, 0, DEFAULT_LABEL_DOTS.width, DEFAULT_LABEL_DOTS.height],
    ]);
  });
});

describe('freeSpot', () => {
  it('finds room for a logo on the sample label clear of the FROM block and every other field', () => {
    const { zpl } = generateSampleLabel(seededRandom(7), new Date('2026-11-24T00:00:00Z'));
    const [label] = labelLayouts(zpl);
    const size = { width: 160, height: 60 };
    const spot = freeSpot(label!, size)!;
    expect(spot).toBeDefined();
    expect(spot).not.toEqual({ x: 0, y: 0 });
    for (const box of label!.boxes) expect(intersects({ ...spot, ...size }, box), JSON.stringify(box)).toBe(false);
    // Nothing that large fits anywhere.
    expect(freeSpot(label!, { width: 700, height: 700 })).toBeUndefined();
  });

  it('puts the box inside the label and clear of every field (property)', () => {
    const box = fc.record({
      x: fc.integer({ min: 0, max: 700 }),
      y: fc.integer({ min: 0, max: 1100 }),
      width: fc.integer({ min: 1, max: 300 }),
      height: fc.integer({ min: 1, max: 300 }),
    });
    fc.assert(
      fc.property(fc.array(box, { maxLength: 12 }), box, (fields, wanted) => {
        const layout = {
          widthDots: 812,
          heightDots: 1218,
          boxes: fields.map((f) => ({ ...f, kind: 'text' as const, byteIndex: 0 })),
        };
        const spot = freeSpot(layout, wanted);
        if (spot === undefined) return;
        const placed = { ...spot, width: wanted.width, height: wanted.height };
        expect(placed.x).toBeGreaterThanOrEqual(0);
        expect(placed.y).toBeGreaterThanOrEqual(0);
        expect(placed.x + placed.width).toBeLessThanOrEqual(812);
        expect(placed.y + placed.height).toBeLessThanOrEqual(1218);
        for (const f of layout.boxes) expect(intersects(placed, f)).toBe(false);
      }),
    );
  });
});
