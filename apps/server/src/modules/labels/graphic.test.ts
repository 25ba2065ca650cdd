import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { bitmapToMono, imageToZplLabel, type RgbaBitmap } from '@lab/core/labels/zpl';
import { suiteApp } from '../../test/suiteFixtures.js';
import { LABELS_BASE, postLabel, sizeAt8dpmm } from '../../test/labels.js';
import { decodeImage, ImageDecodeError } from '../../images/decode.js';
import { blackWhiteAgreement, decodeGray, type GrayImage } from '../../test/images.js';

/** A logo-like test picture: a ring, a bar and a diagonal, in colour, on a transparent corner. */
function logo(width: number, height: number): RgbaBitmap {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - width / 3, y - height / 2);
      const ring = d > height / 5 && d < height / 3;
      const bar = x > (width * 2) / 3 && x < (width * 2) / 3 + 12;
      const diagonal = Math.abs(x - y) < 3;
      const ink = ring || bar || diagonal;
      const p = (y * width + x) * 4;
      if (x < 8 && y < 8) data.set([0, 0, 0, 0], p);
      else data.set(ink ? [20, 40, 160, 255] : [250, 240, 230, 255], p);
    }
  }
  return { width, height, data };
}

function encodePng(img: RgbaBitmap): Buffer {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data);
  return PNG.sync.write(png);
}

/** A bottom-up 24-bit BMP, rows padded to 4 bytes. */
function encodeBmp24(img: RgbaBitmap): Buffer {
  const stride = Math.ceil((img.width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * img.height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(img.width, 18);
  out.writeInt32LE(img.height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const s = (y * img.width + x) * 4;
      const a = img.data[s + 3]! / 255;
      const d = 54 + (img.height - 1 - y) * stride + x * 3;
      // Composite on white as the converter would.
      out[d] = Math.round(img.data[s + 2]! * a + 255 * (1 - a));
      out[d + 1] = Math.round(img.data[s + 1]! * a + 255 * (1 - a));
      out[d + 2] = Math.round(img.data[s]! * a + 255 * (1 - a));
    }
  }
  return out;
}

function monoAsGray(img: RgbaBitmap, widthDots?: number): GrayImage {
  const mono = bitmapToMono(img, widthDots === undefined ? {} : { widthDots });
  const gray = new Uint8Array(mono.width * mono.height);
  for (let y = 0; y < mono.height; y++)
    for (let x = 0; x < mono.width; x++)
      gray[y * mono.width + x] = (mono.bits[y * mono.bytesPerRow + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 0 : 255;
  return { width: mono.width, height: mono.height, gray };
}

describe('decodeImage', () => {
  const img = logo(61, 33);

  it('reads PNG, JPEG and BMP to the same picture', () => {
    const fromPng = decodeImage(encodePng(img));
    expect([fromPng.width, fromPng.height]).toEqual([61, 33]);
    expect(Buffer.from(fromPng.data).equals(Buffer.from(img.data))).toBe(true);

    const fromBmp = decodeImage(encodeBmp24(img));
    expect([fromBmp.width, fromBmp.height]).toEqual([61, 33]);
    expect(blackWhiteAgreement(monoAsGray(fromBmp), monoAsGray(img))).toBe(1);

    const jpg = jpeg.encode({ width: img.width, height: img.height, data: Buffer.from(img.data) }, 95).data;
    const fromJpeg = decodeImage(jpg);
    expect([fromJpeg.width, fromJpeg.height]).toEqual([61, 33]);
    // JPEG is lossy (and has no alpha): most dots still agree.
    expect(blackWhiteAgreement(monoAsGray(fromJpeg), monoAsGray(img))).toBeGreaterThan(0.95);
  });

  it('refuses what it cannot read with a message', () => {
    expect(() => decodeImage(Buffer.from('GIF89a...'))).toThrow(
      new ImageDecodeError('the file is not a PNG, JPEG or BMP image'),
    );
    expect(() => decodeImage(encodePng(img).subarray(0, 40))).toThrow(/^cannot read the PNG image: /);
    const bmp = encodeBmp24(img);
    expect(() => decodeImage(bmp.subarray(0, 100))).toThrow('cannot read the BMP image: the pixel data is truncated');
  });
});

describe('image → ^GFA rendered by the label service', () => {
  const t = suiteApp('sqlite');

  it.each([
    ['compressed hex', 'hex' as const, undefined],
    ['Z64', 'z64' as const, undefined],
    ['compressed hex scaled to 120 dots', 'hex' as const, 120],
  ])('draws the graphic (%s) as the input bitmap', async (_name, encoding, widthDots) => {
    const source = decodeImage(encodePng(logo(203, 101)));
    const expected = monoAsGray(source, widthDots);
    const zpl = imageToZplLabel(source, { encoding, ...(widthDots ? { widthDots } : {}) });
    const size = sizeAt8dpmm(expected.width, expected.height);
    const res = await postLabel(t.app, `${LABELS_BASE}/8dpmm/labels/${size}/0/`, zpl);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const rendered = decodeGray(res.rawPayload);
    expect([rendered.width, rendered.height]).toEqual([expected.width, expected.height]);
    expect(blackWhiteAgreement(rendered, expected)).toBe(1);
  });
});
