import fc from 'fast-check';
import { unzlibSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  bitmapToMono,
  compressHexRow,
  crc16Ccitt,
  decodeGraphicData,
  encodeGraphicHex,
  graphicLabel,
  imageToZplGraphic,
  imageToZplLabel,
  monoToGraphicField,
  type MonoBitmap,
  type RgbaBitmap,
} from './index.js';

/** A w × h RGBA bitmap from a predicate "is this pixel black". */
function bitmap(width: number, height: number, black: (x: number, y: number) => boolean): RgbaBitmap {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = (y * width + x) * 4;
      const v = black(x, y) ? 0 : 255;
      data.set([v, v, v, 255], p);
    }
  }
  return { width, height, data };
}

/** The `^GFA` parts: total, total, bytes per row, data. */
function fields(command: string) {
  const m = /^\^GFA,(\d+),(\d+),(\d+),(.*)$/s.exec(command);
  if (!m) throw new Error(`not a ^GFA command: ${command.slice(0, 40)}`);
  return { total: Number(m[1]), size: Number(m[2]), bytesPerRow: Number(m[3]), data: m[4]! };
}

describe('ZPL run-length compression', () => {
  it('writes repeat counts G–Y and g–z, and , for the rest of the row (never !: our engine misreads it)', () => {
    expect(compressHexRow('00000000')).toBe(',');
    expect(compressHexRow('FFFFFFFF')).toBe('NF');
    expect(compressHexRow('00FFFFFF')).toBe('H0LF');
    expect(compressHexRow('FF000000')).toBe('HF,');
    expect(compressHexRow('0FF0')).toBe('0HF0');
    expect(compressHexRow('A'.repeat(45))).toBe('hKA');
    expect(compressHexRow('3'.repeat(400) + '1')).toBe('z31');
    expect(compressHexRow('3'.repeat(419) + '1')).toBe('zY31');
    expect(compressHexRow('3'.repeat(420) + '1')).toBe('zY331');
    expect(compressHexRow('12' + '0'.repeat(38))).toBe('12,');
    expect(compressHexRow('1F')).toBe('1F');
  });

  it('repeats an equal row with ":"', () => {
    const mono: MonoBitmap = {
      width: 16,
      height: 3,
      bytesPerRow: 2,
      bits: Uint8Array.from([0xf0, 0x0f, 0xf0, 0x0f, 0, 0]),
    };
    expect(encodeGraphicHex(mono)).toBe('FH0F:,');
    expect(encodeGraphicHex(mono, false)).toBe('F00FF00F0000');
  });

  it('decodes its own output, documented examples and uncompressed hex', () => {
    expect(Array.from((decodeGraphicData('FH0F:,', 2) as { bytes: Uint8Array }).bytes)).toEqual([
      0xf0, 0x0f, 0xf0, 0x0f, 0, 0,
    ]);
    // The manual's example: vMB = 327 × B.
    const r = decodeGraphicData('vMB', 327 / 2 + 0.5);
    expect(r.ok && r.bytes.length).toBe(164);
    expect(decodeGraphicData('FF\n00\r\n', 1)).toEqual({ ok: true, bytes: Uint8Array.from([255, 0]), encoding: 'hex' });
    expect(decodeGraphicData('!,', 2)).toEqual({ ok: true, bytes: Uint8Array.from([255, 255, 0, 0]), encoding: 'hex' });
    expect(decodeGraphicData('F#', 1)).toEqual({ ok: false, message: 'unexpected character "#" in the graphic data' });
  });
});

describe('image → ^GFA', () => {
  const checker = bitmap(20, 6, (x, y) => (x + y) % 2 === 0);

  it('answers the command and its size', () => {
    const g = imageToZplGraphic(checker);
    expect(g).toMatchObject({ widthDots: 20, heightDots: 6, bytesPerRow: 3, totalBytes: 18 });
    const f = fields(g.command);
    expect([f.total, f.size, f.bytesPerRow]).toEqual([18, 18, 3]);
    expect(g.command).toBe('^GFA,18,18,3,KA0K50KA0K50KA0K50');
    expect(graphicLabel(g)).toBe(`^XA^FO0,0${g.command}^FS^XZ`);
    expect(imageToZplLabel(checker)).toBe(graphicLabel(g));
  });

  it('round-trips: bitmap → ^GF → decoded compressed hex → the same bits', () => {
    const shape = bitmap(37, 23, (x, y) => (x - 18) ** 2 + (y - 11) ** 2 < 100 || y === 0 || x > 33);
    const mono = bitmapToMono(shape);
    const f = fields(imageToZplGraphic(shape).command);
    const decoded = decodeGraphicData(f.data, f.bytesPerRow);
    expect(decoded.ok && Array.from(decoded.bytes)).toEqual(Array.from(mono.bits));
  });

  it('writes :Z64: with the deflated bytes and a CRC of the base64 text', () => {
    const mono = bitmapToMono(checker);
    const f = fields(imageToZplGraphic(checker, { encoding: 'z64' }).command);
    const m = /^:Z64:([A-Za-z0-9+/=]+):([0-9A-F]{4})$/.exec(f.data)!;
    expect(m).not.toBeNull();
    expect(parseInt(m[2]!, 16)).toBe(crc16Ccitt(m[1]!));
    expect(Array.from(unzlibSync(Uint8Array.from(Buffer.from(m[1]!, 'base64'))))).toEqual(Array.from(mono.bits));
    expect(decodeGraphicData(f.data, 3)).toEqual({ ok: true, bytes: mono.bits, encoding: 'z64' });
    const broken = f.data.replace(/:[0-9A-F]{4}$/, ':0000');
    if (broken !== f.data)
      expect(decodeGraphicData(broken, 3)).toEqual({ ok: false, message: 'the Z64 data fails its CRC check' });
  });

  it('computes CRC-16/CCITT with initial value 0 (XMODEM check value)', () => {
    expect(crc16Ccitt('123456789')).toBe(0x31c3);
  });

  it('scales to a target width, keeping the aspect ratio', () => {
    const big = bitmap(200, 100, (x) => x < 100);
    const mono = bitmapToMono(big, { widthDots: 50 });
    expect([mono.width, mono.height, mono.bytesPerRow]).toEqual([50, 25, 7]);
    // Left half black, right half white.
    expect(mono.bits[0]).toBe(0xff);
    expect(mono.bits[3]).toBe(0x80); // dot 24 black, 25… white
    expect(mono.bits[6]).toBe(0);
  });

  it('thresholds gray, composites transparency on white, and inverts', () => {
    const data = Uint8Array.from([100, 100, 100, 255, 200, 200, 200, 255, 0, 0, 0, 0, 0, 0, 0, 255]);
    const img = { width: 4, height: 1, data };
    expect(bitmapToMono(img).bits[0]).toBe(0b1001_0000);
    expect(bitmapToMono(img, { threshold: 220 }).bits[0]).toBe(0b1101_0000);
    expect(bitmapToMono(img, { invert: true }).bits[0]).toBe(0b0110_0000);
  });

  it('dithers mid-gray to about half the dots with Floyd–Steinberg', () => {
    const gray = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 4).map((_, i) => (i % 4 === 3 ? 255 : 128)) };
    const plain = bitmapToMono(gray);
    expect(plain.bits.every((b) => b === 0)).toBe(true);
    const dithered = bitmapToMono(gray, { dither: 'floyd-steinberg' });
    let black = 0;
    for (const b of dithered.bits) for (let k = 0; k < 8; k++) black += (b >> k) & 1;
    expect(black / (64 * 64)).toBeGreaterThan(0.45);
    expect(black / (64 * 64)).toBeLessThan(0.55);
  });

  it('property: any 1-bit bitmap survives compressed hex, plain hex and Z64', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 3 }),
        fc.infiniteStream(fc.nat(255)),
        (width, height, style, stream) => {
          const bytesPerRow = Math.ceil(width / 8);
          const it = stream[Symbol.iterator]();
          // Styles give long runs, repeated rows and noise.
          const bits = Uint8Array.from({ length: bytesPerRow * height }, (_, i) => {
            const v = it.next().value as number;
            if (style === 0) return v;
            if (style === 1) return v < 128 ? 0 : 255;
            if (style === 2) return Math.floor(i / bytesPerRow) % 2 ? 0 : v < 200 ? 0xff : 0x0f;
            return i % bytesPerRow === 0 ? v : 0;
          });
          const mono = { width: bytesPerRow * 8, height, bytesPerRow, bits };
          for (const [encoding, compress] of [
            ['hex', true],
            ['hex', false],
            ['z64', true],
          ] as const) {
            const f = fields(monoToGraphicField(mono, encoding, compress).command);
            expect(f.total).toBe(bits.length);
            const decoded = decodeGraphicData(f.data, f.bytesPerRow);
            expect(decoded.ok && Array.from(decoded.bytes)).toEqual(Array.from(bits));
          }
        },
      ),
    );
  });

  it('property: decoding arbitrary text never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: -2, max: 40 }), (text, bpr) => {
        const r = decodeGraphicData(text, bpr);
        expect(typeof r.ok).toBe('boolean');
      }),
    );
  });
});
