import { imageDimensions, imageSizeProblem } from '@lab/core/images';

/** Bytes read to find an image's size (a JPEG's frame header may follow large metadata). */
const HEADER_BYTES = 256 * 1024;

/**
 * Refuses an image whose header declares more pixels than the limit, before the browser decodes
 * it (a 31 KB PNG may declare 16000 × 16000: 1 GB once drawn). Resolves for an acceptable image and
 * for files whose size the header does not tell (the decoder then decides).
 */
export async function checkImageSize(file: Blob): Promise<void> {
  const head = await readBytes(file.slice(0, HEADER_BYTES));
  const size = imageDimensions(head);
  const problem = size ? imageSizeProblem(size) : undefined;
  if (problem) throw new Error(problem);
}

/** A blob's bytes (FileReader where Blob.arrayBuffer is missing, as in older engines). */
function readBytes(blob: Blob): Promise<Uint8Array> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer().then((b) => new Uint8Array(b));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}
