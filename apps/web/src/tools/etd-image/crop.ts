/** The trade-document service's customer images: letterhead and signature, PNG at fixed sizes. */
export type EtdImageKind = 'letterhead' | 'signature';

export interface OutputSize {
  width: number;
  height: number;
}

/** Output sizes: letterhead 200×50 (recommended) or 700×50; signature 100×25 (recommended) or 240×25. */
export const ETD_IMAGE_SIZES: Record<EtdImageKind, { recommended: OutputSize; large: OutputSize }> = {
  letterhead: { recommended: { width: 200, height: 50 }, large: { width: 700, height: 50 } },
  signature: { recommended: { width: 100, height: 25 }, large: { width: 240, height: 25 } },
};

/** Upload must be one of these (by file extension). */
export const ALLOWED_IMAGE_TYPES = ['gif', 'jpg', 'jpeg', 'png', 'bmp'] as const;

/** Content types the trade-document image upload accepts. */
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/gif'] as const;

export function outputSize(kind: EtdImageKind, recommended: boolean): OutputSize {
  return ETD_IMAGE_SIZES[kind][recommended ? 'recommended' : 'large'];
}

/** `letterhead_200x50.png`, `signature_100x25.png`, … */
export function cropFileName(kind: EtdImageKind, size: OutputSize): string {
  return `${kind}_${size.width}x${size.height}.png`;
}

export function isAllowedImage(fileName: string): boolean {
  const ext = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return ext !== undefined && (ALLOWED_IMAGE_TYPES as readonly string[]).includes(ext);
}

/**
 * The zoom at which the whole image, as the cropper shows it at zoom 1, fits inside the crop frame
 * (both in CSS pixels); never above 1, where the cropper starts.
 */
export function wholeImageZoom(shown: { width: number; height: number }, frame: OutputSize): number {
  if (!(shown.width > 0 && shown.height > 0 && frame.width > 0 && frame.height > 0)) return 1;
  return Math.min(1, frame.width / shown.width, frame.height / shown.height);
}

/** A rectangle of the source image, in its own pixels (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Draws the cropped area into `canvas` at exactly the output size: the cropper only shows the
 * frame; the pixels of the result are set here.
 */
export function drawCrop(
  source: CanvasImageSource,
  area: PixelArea,
  size: OutputSize,
  canvas: HTMLCanvasElement,
): boolean {
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return false;
  ctx.clearRect(0, 0, size.width, size.height);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return true;
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the image could not be encoded'))), 'image/png'),
  );
}

export interface RuleCheck {
  key: 'type' | 'size' | 'source';
  ok: boolean;
}

/**
 * The trade-document image rules, checked before upload: the content type is PNG or GIF, the
 * size is one the image type accepts, and the cropped source area has at least the output's
 * pixels (else the result is an enlargement and looks blurred).
 */
export function checkImageRules(
  kind: EtdImageKind,
  contentType: string,
  size: OutputSize,
  area: PixelArea | null,
): RuleCheck[] {
  const sizes = Object.values(ETD_IMAGE_SIZES[kind]);
  return [
    { key: 'type', ok: (UPLOAD_CONTENT_TYPES as readonly string[]).includes(contentType) },
    { key: 'size', ok: sizes.some((s) => s.width === size.width && s.height === size.height) },
    { key: 'source', ok: area !== null && area.width >= size.width && area.height >= size.height },
  ];
}
