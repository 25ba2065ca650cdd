import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { imageToZplLabelFromFile } from '../modules/print-relay/graphic.js';
import { decodeImage, ImageDecodeError } from './decode.js';

/** A 1-bit grayscale PNG of w × h white pixels: a few KB on disk, w × h × 4 bytes once decoded to RGBA. */
function pngBomb(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'ascii');
    data.copy(out, 8);
    return out; // CRC left zero: the header is read (and refused) before any chunk is checked
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + Math.ceil(w / 8), 0xff);
  row[0] = 0;
  const rows = Buffer.alloc(row.length * Math.min(h, 64));
  for (let y = 0; y < Math.min(h, 64); y++) row.copy(rows, y * row.length);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const TOO_LARGE = 'the image is too large: 16000 × 16000 pixels (at most 40000000)';

describe('images past the pixel limit are refused from their header, before decoding', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('decodeImage (the labels module and lab print-agent) refuses a 16000 × 16000 PNG by its header', () => {
    const err = (() => {
      try {
        decodeImage(pngBomb(16_000, 16_000));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(ImageDecodeError);
    expect((err as Error).message).toBe(TOO_LARGE);
  });

  it('the print agent’s /convert refuses it with the same words', async () => {
    await expect(imageToZplLabelFromFile(pngBomb(16_000, 16_000), { widthDots: 812, dither: true })).rejects.toThrow(
      TOO_LARGE,
    );
  });

  it('POST /labels/v1/graphics answers 422 at once, without queueing a render', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/lab/api/labels/v1/graphics',
      headers: { 'content-type': 'image/png' },
      payload: pngBomb(16_000, 16_000),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TOO_LARGE });
  });
});
