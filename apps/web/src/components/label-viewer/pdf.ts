import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;
let lib: Promise<PdfJs> | undefined;

/** pdf.js and its worker, loaded only by the screens that show PDFs (their own chunk). */
function pdfjs(): Promise<PdfJs> {
  lib ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([m, worker]) => {
    m.GlobalWorkerOptions.workerSrc = worker.default;
    return m;
  });
  return lib;
}

export type PdfDocument = PDFDocumentProxy;

export async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  const m = await pdfjs();
  // pdf.js takes ownership of the buffer it is given: pass a copy. No eval: our CSP forbids it.
  return m.getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
}

/** Draws one page (1-based) on a canvas and resolves when the drawing is finished. */
export async function renderPdfPage(
  doc: PdfDocument,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  scale: number,
  rotation = 0,
): Promise<void> {
  const page = await doc.getPage(pageNumber);
  const viewport = page.getViewport({ scale, rotation: (page.rotate + rotation) % 360 });
  canvas.width = Math.ceil(viewport.width);
  canvas.height = Math.ceil(viewport.height);
  await page.render({ canvas, viewport }).promise;
}

async function pageAsPng(doc: PdfDocument, n: number, scale: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  await renderPdfPage(doc, n, canvas, scale);
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(`page ${n} could not be encoded as PNG`))), 'image/png'),
  );
}

/** Every page as a PNG at `scale` (1.5 = 108 dpi), each after its rendering has finished. */
export async function pdfToPngs(bytes: Uint8Array, scale = 1.5): Promise<Blob[]> {
  const doc = await openPdf(bytes);
  try {
    const pngs: Blob[] = [];
    for (let n = 1; n <= doc.numPages; n++) pngs.push(await pageAsPng(doc, n, scale));
    return pngs;
  } finally {
    await doc.destroy();
  }
}

/** One page (1-based) as a PNG at `scale`. */
export async function pdfPageToPng(bytes: Uint8Array, pageNumber: number, scale: number): Promise<Blob> {
  const doc = await openPdf(bytes);
  try {
    return await pageAsPng(doc, pageNumber, scale);
  } finally {
    await doc.destroy();
  }
}
