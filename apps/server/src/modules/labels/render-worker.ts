/**
 * One label-rendering worker process of the pool: loads the ZPL engine once, then runs jobs one at a time.
 * Post-processing (rotation, PDF assembly) runs here too, so the server's event loop does no
 * pixel work.
 */
import { loadEngine, runJob } from './engine.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';

if (!process.send) throw new Error('render-worker runs as a child process of the render pool');
const post = (message: WorkerResponse) => process.send!(message);
// The server went away (or closed the pool): nothing is left to render for.
process.on('disconnect', () => process.exit(0));

await loadEngine();

const PROBE = { op: 'render', zpl: '^XA^FO1,1^FDa^FS^XZ', widthMm: 5, heightMm: 5, dpmm: 8 } as const;

async function engineAlive(): Promise<boolean> {
  try {
    return (await runJob(PROBE)).length === 1;
  } catch {
    return false;
  }
}

process.on('message', (request: WorkerRequest) => {
  runJob(request.job).then(
    // Copied, not transferred: small Buffers share Node's allocation pool.
    (images) => post({ type: 'done', id: request.id, images } satisfies WorkerResponse),
    async (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      // After any failure, check the engine still renders: one that died inside this thread (its Go
      // runtime exited, e.g. on 100,000 ^FO fields) cannot render again and the pool replaces it.
      const fatal = /program has already exited/i.test(message) || !(await engineAlive());
      post({ type: 'failed', id: request.id, message, fatal } satisfies WorkerResponse);
    },
  );
});

post({ type: 'ready' } satisfies WorkerResponse);
