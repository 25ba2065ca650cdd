/**
 * One label-rendering thread: loads the ZPL engine (WebAssembly) once, then runs jobs one at a
 * time for the pool. Post-processing (rotation, PDF assembly) runs here too, so the server's event
 * loop never does pixel work.
 */
import { parentPort } from 'node:worker_threads';
import { ready } from 'zpl-renderer-js';
import { pngsToPdf, rotatePng } from './images.js';
import type { WorkerJob, WorkerRequest, WorkerResponse } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

const { api } = await ready;

async function run(job: WorkerJob): Promise<Uint8Array[]> {
  switch (job.op) {
    case 'render': {
      const labels = await api.zplToBase64MultipleAsync(job.zpl, job.widthMm, job.heightMm, job.dpmm);
      return labels.map((b64) => Uint8Array.from(Buffer.from(b64, 'base64')));
    }
    case 'rotate':
      return [rotatePng(job.png, job.rotation)];
    case 'pdf':
      return [
        await pngsToPdf(
          job.pngs.map((png) => rotatePng(png, job.rotation)),
          job.page,
        ),
      ];
  }
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

port.on('message', (request: WorkerRequest) => {
  run(request.job).then(
    (images) => {
      // Copied, not transferred: small Buffers share Node's allocation pool.
      port.postMessage({ type: 'done', id: request.id, images } satisfies WorkerResponse);
    },
    (err: unknown) => {
      const message = errorMessage(err);
      // A Go runtime that exited cannot render again: the pool replaces this thread.
      const reply: WorkerResponse = {
        type: 'failed',
        id: request.id,
        message,
        fatal: /program has already exited/i.test(message),
      };
      port.postMessage(reply);
    },
  );
});

port.postMessage({ type: 'ready' } satisfies WorkerResponse);
