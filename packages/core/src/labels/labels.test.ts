import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidExpressTracking } from '../shipping/tracking.js';
import {
  LABEL_SIZE_PRESETS,
  detectPayloadKind,
  generateSampleLabel,
  labelDots,
  labelPixelSize,
  parseDpmm,
  parseLabelIndex,
  parseLabelSize,
  parseRotation,
  pdfPageSize,
  pngDimensions,
  seededRandom,
} from './index.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('label geometry', () => {
  it('parses the densities of the public ZPL API', () => {
    expect(parseDpmm('8dpmm')).toEqual({ ok: true, value: 8 });
    expect(parseDpmm('24dpmm')).toEqual({ ok: true, value: 24 });
    expect(parseDpmm('12')).toEqual({ ok: true, value: 12 });
    const bad = parseDpmm('10dpmm');
    expect(bad).toEqual({
      ok: false,
      message: 'unsupported print density "10dpmm": use one of 6dpmm, 8dpmm, 12dpmm, 24dpmm',
    });
  });

  it('parses sizes in inches up to 15', () => {
    expect(parseLabelSize('4x6')).toEqual({ ok: true, value: { widthIn: 4, heightIn: 6 } });
    expect(parseLabelSize('4x6.75')).toEqual({ ok: true, value: { widthIn: 4, heightIn: 6.75 } });
    expect(parseLabelSize('15x15').ok).toBe(true);
    for (const bad of ['4', '4x', 'x6', '4x6x1', '-4x6', '4,5x6', 'abc', '']) {
      const r = parseLabelSize(bad);
      expect(r.ok ? 'accepted' : r.message).toBe(
        `invalid label size "${bad}": use <width>x<height> in inches, e.g. 4x6`,
      );
    }
    for (const bad of ['0x6', '4x0', '15.01x6', '4x16']) {
      const r = parseLabelSize(bad);
      expect(r.ok ? 'accepted' : r.message).toBe(
        `invalid label size "${bad}": width and height must be greater than 0 and at most 15 inches`,
      );
    }
    expect(LABEL_SIZE_PRESETS.every((p) => parseLabelSize(p).ok)).toBe(true);
  });

  it('parses any size it formats, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        const r = parseLabelSize(s);
        if (r.ok) expect(r.value.widthIn > 0 && r.value.heightIn <= 15).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1500 }), fc.integer({ min: 1, max: 1500 }), (w, h) => {
        const text = `${w / 100}x${h / 100}`;
        expect(parseLabelSize(text)).toEqual({ ok: true, value: { widthIn: w / 100, heightIn: h / 100 } });
      }),
    );
  });

  it('parses index and rotation', () => {
    expect(parseLabelIndex('0')).toEqual({ ok: true, value: 0 });
    expect(parseLabelIndex('-1').ok).toBe(false);
    expect(parseLabelIndex('1.5').ok).toBe(false);
    expect(parseRotation('180')).toEqual({ ok: true, value: 180 });
    const bad = parseRotation('45');
    expect(bad.ok ? '' : bad.message).toBe('invalid rotation "45": use 0, 90, 180 or 270');
    expect(parseRotation('').ok).toBe(false);
  });

  it('rounds partial dots up like the engine, and keeps few-decimal sizes on their dot', () => {
    expect(labelPixelSize({ widthIn: 4, heightIn: 6 }, 8)).toEqual({ width: 813, height: 1220 });
    expect(labelPixelSize({ widthIn: 4, heightIn: 6 }, 6)).toEqual({ width: 610, height: 915 });
    expect(labelDots(Number((813 / 8 / 25.4).toFixed(6)), 8)).toBe(813);
    expect(labelDots(Number((1626 / 8 / 25.4).toFixed(6)), 8)).toBe(1626);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2900 }), fc.constantFrom(6, 8, 12, 24), (px, dpmm) => {
        expect(labelDots(Number((px / dpmm / 25.4).toFixed(6)), dpmm)).toBe(px);
      }),
    );
  });

  it('gives PDF pages in points, turned for 90 and 270', () => {
    expect(pdfPageSize({ widthIn: 4, heightIn: 6 })).toEqual({ width: 288, height: 432 });
    expect(pdfPageSize({ widthIn: 4, heightIn: 6 }, 90)).toEqual({ width: 432, height: 288 });
    expect(pdfPageSize({ widthIn: 4, heightIn: 6.75 }, 180)).toEqual({ width: 288, height: 486 });
  });
});

describe('detectPayloadKind', () => {
  it('recognises PNG, PDF, ZPL and text', () => {
    expect(detectPayloadKind(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(detectPayloadKind(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(detectPayloadKind(bytes('\r\n ^xa^FDx^FS^XZ'))).toBe('zpl');
    expect(detectPayloadKind(bytes('~DGR:LOGO.GRF,2,1,FF\n^XA^XGR:LOGO.GRF^FS^XZ'))).toBe('zpl');
    expect(detectPayloadKind(bytes('~JA'))).toBe('text');
    expect(detectPayloadKind(bytes('{"a":1}'))).toBe('text');
    expect(detectPayloadKind(new Uint8Array())).toBe('text');
  });

  it('reads PNG dimensions', () => {
    const head = new Uint8Array(24);
    head.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    head.set([0, 0, 3, 45, 0, 0, 4, 196], 16);
    expect(pngDimensions(head)).toEqual({ width: 813, height: 1220 });
    expect(pngDimensions(bytes('%PDF-1.7 and more bytes here'))).toBeUndefined();
  });
});

describe('generateSampleLabel', () => {
  const date = new Date('2026-02-16T10:00:00Z');

  it('is the same for the same seed and different for another', () => {
    expect(generateSampleLabel(seededRandom(7), date)).toEqual(generateSampleLabel(seededRandom(7), date));
    expect(generateSampleLabel(seededRandom(7), date).zpl).not.toBe(generateSampleLabel(seededRandom(8), date).zpl);
  });

  it('draws a 4x6 carrier label with a valid tracking number in text, Code 128 and PDF417', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const s = generateSampleLabel(seededRandom(seed), date);
        expect(isValidExpressTracking(s.trackingNumber)).toBe(true);
        expect(s.zpl.startsWith('^XA')).toBe(true);
        expect(s.zpl.trimEnd().endsWith('^XZ')).toBe(true);
        expect(s.zpl).toContain('^PW812^LL1218');
        expect(s.zpl).toContain(`^BCN,220,N,N,N^FD>;${s.trackingNumber}^FS`);
        expect(s.zpl).toMatch(/\^B7N,[^]*05\d{12}\|/);
        expect(s.zpl).toContain(s.recipient.name.toUpperCase());
        expect(s.zpl).toContain(s.sender.street.toUpperCase());
        expect(s.zpl).toContain(s.service);
        expect(s.shipDate).toBe('16FEB26');
        // Field data must not contain ZPL command characters.
        for (const m of s.zpl.matchAll(/\^FD([^^]*)\^FS/g)) expect(m[1]).not.toMatch(/[~]/);
      }),
      { numRuns: 200 },
    );
  });

  it('spreads the seeded random over [0, 1)', () => {
    const r = seededRandom(1);
    const xs = Array.from({ length: 2000 }, r);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((a, b) => a + b, 0) / xs.length).toBeCloseTo(0.5, 1);
  });
});
