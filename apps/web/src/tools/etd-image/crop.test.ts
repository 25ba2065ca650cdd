// @vitest-environment node
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as crop from './crop';
import { checkImageRules, cropFileName, drawCrop, isAllowedImage, outputSize, type EtdImageKind } from './crop';

/** A canvas whose 2D context records what is drawn (jsdom has no canvas). */
function recordingCanvas() {
  const calls: unknown[][] = [];
  const ctx = {
    clearRect: () => {},
    drawImage: (...args: unknown[]) => calls.push(args),
    imageSmoothingEnabled: false,
    imageSmoothingQuality: 'low',
  };
  const canvas = { width: 300, height: 150, getContext: () => ctx } as unknown as HTMLCanvasElement;
  return { canvas, calls };
}

const cases: [EtdImageKind, boolean, number, number, string][] = [
  ['letterhead', true, 200, 50, 'letterhead_200x50.png'],
  ['letterhead', false, 700, 50, 'letterhead_700x50.png'],
  ['signature', true, 100, 25, 'signature_100x25.png'],
  ['signature', false, 240, 25, 'signature_240x25.png'],
];

describe('ETD image crop output', () => {
  it.each(cases)('%s, recommended %s: draws the crop into exactly %i×%i and names it %s', (kind, rec, w, h, name) => {
    const size = outputSize(kind, rec);
    expect(size).toEqual({ width: w, height: h });
    expect(cropFileName(kind, size)).toBe(name);
    const { canvas, calls } = recordingCanvas();
    const source = {} as CanvasImageSource;
    const area = { x: 10, y: 20, width: w * 3, height: h * 3 };
    expect(drawCrop(source, area, size, canvas)).toBe(true);
    expect([canvas.width, canvas.height]).toEqual([w, h]);
    expect(calls).toEqual([[source, 10, 20, w * 3, h * 3, 0, 0, w, h]]);
    // The crop frame keeps the output's aspect.
    expect(area.width / area.height).toBeCloseTo(w / h);
  });

  it('accepts gif, jpg, jpeg, png and bmp only', () => {
    expect(['a.gif', 'b.JPG', 'c.jpeg', 'd.png', 'e.bmp'].every(isAllowedImage)).toBe(true);
    expect(['a.webp', 'b.svg', 'c.tiff', 'png', 'x.pdf'].some(isAllowedImage)).toBe(false);
  });

  it('checks the trade-document image rules: PNG/GIF, an accepted size, no enlargement', () => {
    const size = outputSize('signature', true);
    expect(checkImageRules('signature', 'image/png', size, { x: 0, y: 0, width: 400, height: 100 })).toEqual([
      { key: 'type', ok: true },
      { key: 'size', ok: true },
      { key: 'source', ok: true },
    ]);
    expect(
      checkImageRules('letterhead', 'image/jpeg', size, { x: 0, y: 0, width: 50, height: 12.5 }).map((r) => r.ok),
    ).toEqual([false, false, false]);
    expect(checkImageRules('signature', 'image/gif', size, null).map((r) => r.ok)).toEqual([true, true, false]);
  });

  it('zooms out to where the whole image fits the frame, never above 100 %', () => {
    expect(crop.wholeImageZoom({ width: 600, height: 200 }, { width: 100, height: 25 })).toBe(0.125);
    expect(crop.wholeImageZoom({ width: 600, height: 200 }, { width: 600, height: 150 })).toBe(0.75);
    expect(crop.wholeImageZoom({ width: 80, height: 20 }, { width: 100, height: 25 })).toBe(1);
    expect(crop.wholeImageZoom({ width: 0, height: 0 }, { width: 100, height: 25 })).toBe(1);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 1, max: 800 }),
        fc.integer({ min: 1, max: 800 }),
        (w, h, fw, fh) => {
          const z = crop.wholeImageZoom({ width: w, height: h }, { width: fw, height: fh });
          // Fits at z, and no smaller than needed: one side touches the frame unless z is 1.
          expect(w * z).toBeLessThanOrEqual(fw + 1e-9);
          expect(h * z).toBeLessThanOrEqual(fh + 1e-9);
          expect(z).toBeLessThanOrEqual(1);
          if (z < 1) expect(Math.max((w * z) / fw, (h * z) / fh)).toBeCloseTo(1, 9);
        },
      ),
    );
  });
});
