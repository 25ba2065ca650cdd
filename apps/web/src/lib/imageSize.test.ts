import { describe, expect, it } from 'vitest';
import { imageAsPng } from '@/tools/zebra-printer/images';
import { checkImageSize } from './imageSize';

/** The 33 first bytes of a PNG (signature and IHDR) declaring w × h: all the check reads. */
function pngHeader(w: number, h: number, type = 'image/png'): Blob {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, w);
  view.setUint32(20, h);
  bytes.set([8, 6], 24);
  return new Blob([bytes], { type });
}

describe('image size check before the browser decodes', () => {
  it('refuses 16000 × 16000 with the exact message and lets a label-sized image through', async () => {
    await expect(checkImageSize(pngHeader(16_000, 16_000))).rejects.toThrow(
      'the image is too large: 16000 × 16000 pixels (at most 40000000)',
    );
    await expect(checkImageSize(pngHeader(812, 1218))).resolves.toBeUndefined();
    await expect(checkImageSize(new Blob(['not an image']))).resolves.toBeUndefined();
  });

  it('Browser Print refuses it before drawing (PNGs and other images alike)', async () => {
    await expect(imageAsPng(pngHeader(16_000, 16_000))).rejects.toThrow('the image is too large');
    await expect(imageAsPng(pngHeader(16_000, 16_000, 'image/bmp'))).rejects.toThrow('the image is too large');
  });
});
