import type { ZplApi } from 'zpl-renderer-js';
import type { WorkerJob } from './protocol.js';

let api: Promise<ZplApi> | undefined;

/** PNG rotation and PDF assembly (pdf-lib), loaded where jobs run: render threads, not the server's main thread. */
const images = () => import('./images.js');
/** Sheet layout and bitonal PNGs (the ZPL toolkit's PDF/PNG options), loaded the same way. */
const sheet = () => import('./sheet.js');

/** The ZPL engine (WebAssembly, ~100 MB once loaded), loaded on first use. */
function engine(): Promise<ZplApi> {
  api ??= import('zpl-renderer-js').then(async (m) => (await m.ready).api);
  return api;
}

/** Loads the engine now rather than on the first job. */
export async function loadEngine(): Promise<void> {
  await engine();
}

/** Runs one job in this thread: a render thread of the pool, or the CLI and benchmarks directly. */
export async function runJob(job: WorkerJob): Promise<Uint8Array[]> {
  switch (job.op) {
    case 'render': {
      const labels = await (await engine()).zplToBase64MultipleAsync(job.zpl, job.widthMm, job.heightMm, job.dpmm);
      return labels.map((b64) => Uint8Array.from(Buffer.from(b64, 'base64')));
    }
    case 'rotate': {
      const { rotatePng } = await images();
      return [rotatePng(job.png, job.rotation)];
    }
    case 'pdf': {
      const { pngsToPdf, rotatePng } = await images();
      return [
        await pngsToPdf(
          job.pngs.map((png) => rotatePng(png, job.rotation)),
          job.page,
        ),
      ];
    }
    case 'sheet': {
      const [{ rotatePng }, { pngsToSheetPdf }] = await Promise.all([images(), sheet()]);
      return [
        await pngsToSheetPdf(
          job.pngs.map((png) => rotatePng(png, job.rotation)),
          job.label,
          job.sheet,
        ),
      ];
    }
    case 'bitonal': {
      const [{ rotatePng }, { bitonalPng }] = await Promise.all([images(), sheet()]);
      return [bitonalPng(rotatePng(job.png, job.rotation))];
    }
    case 'decode': {
      const [{ decodeSymbols }, { assertDecodableImage }] = await Promise.all([
        import('./decoder.js'),
        import('../../images/decode.js'),
      ]);
      const out: Uint8Array[] = [];
      // One image at a time: the decoder's WebAssembly memory holds one image's pixels.
      for (const image of job.images) {
        // The shared image rule first: too large from its header, or pixel data that does not decode, is refused.
        assertDecodableImage(image);
        out.push(Buffer.from(JSON.stringify(await decodeSymbols(image)), 'utf8'));
      }
      return out;
    }
    case 'graphic': {
      const [{ imageToZplGraphic }, { decodeImage }] = await Promise.all([
        import('@lab/core/labels/zpl'),
        import('../../images/decode.js'),
      ]);
      return [Buffer.from(JSON.stringify(imageToZplGraphic(decodeImage(job.image), job.options)), 'utf8')];
    }
  }
}
