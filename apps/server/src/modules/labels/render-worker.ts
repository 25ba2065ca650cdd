/**
 * One label-rendering thread of the pool: loads the ZPL engine once, then runs jobs one at a time.
 * Post-processing (rotation, PDF assembly) runs here too, so the server's event loop does no
 * pixel work.
 */
import { parentPort } from 'node:worker_threads';
import { loadEngine, runJob } from './engine.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');

await loadEngine();

const PROBE = { op: 'render', zpl: '^XA^FO1,1^FDa^FS^XZ', widthMm: 5, heightMm: 5, dpmm: 8 } as const;

async function engineAlive(): Promise<boolean> {
  try {
    return (await runJob(PROBE)).length === 1;
  } catch {
    return false;
  }
}

port.on('message', (request: WorkerRequest) => {
  runJob(request.job).then(
    // Copied, not transferred: small Buffers share Node's allocation pool.
    (images) => port.postMessage({ type: 'done', id: request.id, images } satisfies WorkerResponse),
    async (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      // After any failure, check the engine still renders: one that died inside this thread (its Go
      // runtime exited, e.g. on 100,000 ^FO fields) cannot render again and the pool replaces it.
      const fatal = /program has already exited/i.test(message) || !(await engineAlive());
      port.postMessage({ type: 'failed', id: request.id, message, fatal } satisfies WorkerResponse);
    },
  );
});

port.postMessage({ type: 'ready' } satisfies WorkerResponse);
