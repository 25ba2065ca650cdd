import type { GrayImage } from '../images/decode.js';

export { decodeGray, type GrayImage } from '../images/decode.js';

/** Share of pixels that agree once both rasters are cut to black/white at mid-gray (same size only). */
export function blackWhiteAgreement(a: GrayImage, b: GrayImage, threshold = 128): number {
  if (a.width !== b.width || a.height !== b.height) return 0;
  let same = 0;
  for (let i = 0; i < a.gray.length; i++) if (a.gray[i]! < threshold === b.gray[i]! < threshold) same++;
  return same / a.gray.length;
}
