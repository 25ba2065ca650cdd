import zlib from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { imageSizeProblem } from '@lab/core/images';
import { suiteApp } from '../../test/suiteFixtures.js';
import { LABELS_BASE } from '../../test/labels.js';

/** A PNG's chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small PNG whose header declares width × height (its pixel data is a few bytes). */
function declaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit gray
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Issue 40 item 4: the label check decoded a PNG declaring 16000 × 16000 (1.39 GB worker), and a
// PNG with garbage pixel data passed with 0 symbols.
describe('the label check applies the shared image rule before decoding', () => {
  const t = suiteApp('sqlite');
  const post = (body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `${LABELS_BASE}/8dpmm/labels/4x6/check`,
      headers: { 'content-type': 'image/png' },
      payload: body,
    });

  it('refuses a PNG whose header declares more than MAX_IMAGE_PIXELS, as /graphics does', async () => {
    const res = await post(declaring(16000, 16000));
    expect({ status: res.statusCode, body: res.json() }).toEqual({
      status: 422,
      body: { message: imageSizeProblem({ width: 16000, height: 16000 }) },
    });
  });

  it('refuses a PNG whose pixel data does not decode (422), instead of "pass" with no symbols', async () => {
    const png = new PNG({ width: 64, height: 64 });
    png.data.fill(255);
    const good = PNG.sync.write(png);
    const idat = good.indexOf('IDAT');
    const length = good.readUInt32BE(idat - 4);
    const garbage = Buffer.from(good);
    for (let i = idat + 4; i < idat + 4 + length; i++) garbage[i] = 0x5a;
    // Keep the chunk's CRC right: only the pixel data is wrong.
    garbage.writeUInt32BE(zlib.crc32(garbage.subarray(idat, idat + 4 + length)), idat + 4 + length);
    const res = await post(garbage);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^cannot read the PNG image: /);
  });
});
