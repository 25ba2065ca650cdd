import { PDF_PRINT_SCALE } from '@lab/core/print';
import { pdfToPngs } from '@/components/label-viewer/pdf';
import { checkImageSize } from '@/lib/imageSize';

/** An uploaded image as PNG (what /convert is told it gets): PNGs as they are, others redrawn. */
export async function imageAsPng(file: Blob): Promise<Blob> {
  // Refused from its header before the browser (or the agent's /convert) decodes it.
  await checkImageSize(file);
  if (file.type === 'image/png') return file;
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the image could not be encoded as PNG'))), 'image/png'),
  );
}

/** Every PDF page drawn by pdf.js at scale 2.7, X-offset 0, as PNG (each after its drawing finished). */
export async function pdfPagesAsPng(file: Blob): Promise<Blob[]> {
  return pdfToPngs(new Uint8Array(await file.arrayBuffer()), PDF_PRINT_SCALE);
}
