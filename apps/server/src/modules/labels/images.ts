import { PNG } from 'pngjs';
import { PDFDocument } from 'pdf-lib';
import type { Rotation } from '@lab/core/labels';
import { decodeGray, type GrayImage } from '../../images/decode.js';

export function encodeGray(img: GrayImage): Buffer {
  const png = new PNG({ width: img.width, height: img.height, colorType: 0, inputColorType: 0, bitDepth: 8 });
  png.data = Buffer.from(img.gray.buffer, img.gray.byteOffset, img.gray.byteLength);
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, bitDepth: 8 });
}

/** Turns a raster clockwise by 90, 180 or 270 degrees. */
export function rotateGray(img: GrayImage, rotation: Rotation): GrayImage {
  if (rotation === 0) return img;
  const { width: w, height: h, gray } = img;
  const out = new Uint8Array(gray.length);
  if (rotation === 180) {
    for (let i = 0, n = gray.length; i < n; i++) out[n - 1 - i] = gray[i]!;
    return { width: w, height: h, gray: out };
  }
  // 90° clockwise: source (x, y) lands at (h - 1 - y, x) in a h × w raster; 270° at (y, w - 1 - x).
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const target = rotation === 90 ? x * h + (h - 1 - y) : (w - 1 - x) * h + y;
      out[target] = gray[y * w + x]!;
    }
  }
  return { width: h, height: w, gray: out };
}

export function rotatePng(png: Uint8Array, rotation: Rotation): Uint8Array {
  if (rotation === 0) return png;
  return encodeGray(rotateGray(decodeGray(png), rotation));
}

/** One page per label, each page exactly the label size in points, the image filling the page. */
export async function pngsToPdf(pngs: Uint8Array[], page: { width: number; height: number }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Labels');
  doc.setProducer('Shipping Lab label service');
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  for (const png of pngs) {
    const image = await doc.embedPng(png);
    doc.addPage([page.width, page.height]).drawImage(image, { x: 0, y: 0, width: page.width, height: page.height });
  }
  return doc.save();
}
