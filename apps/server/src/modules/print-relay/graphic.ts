import { imageToZplLabel } from '@lab/core/labels/zpl';
import { decodeImage } from '../../images/decode.js';

/**
 * /convert of `lab print-agent`: PNG, JPEG or BMP → a label holding the image as one `^GFA`
 * graphic `widthDots` wide (the printer's label width), dithered (Floyd–Steinberg) or thresholded.
 * The converter itself is core's (`@lab/core/labels/zpl`), the decoder the server's shared one (images/decode.ts).
 */
export async function imageToZplLabelFromFile(
  image: Buffer,
  options: { widthDots: number; dither: boolean; threshold?: number },
): Promise<string> {
  const bitmap = decodeImage(image);
  return imageToZplLabel(bitmap, {
    widthDots: options.widthDots,
    dither: options.dither ? 'floyd-steinberg' : 'threshold',
    threshold: options.threshold,
  });
}
