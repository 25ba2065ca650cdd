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

port.on('message', (request: WorkerRequest) => {
  runJob(request.job).then(
    // Copied, not transferred: small Buffers share Node's allocation pool.
    (images) => port.postMessage({ type: 'done', id: request.id, images } satisfies WorkerResponse),
    (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      // A Go runtime that exited cannot render again: the pool replaces this thread.
      const fatal = /program has already exited/i.test(message);
      port.postMessage({ type: 'failed', id: request.id, message, fatal } satisfies WorkerResponse);
    },
  );
});

port.postMessage({ type: 'ready' } satisfies WorkerResponse);
