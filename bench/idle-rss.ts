// Idle memory after a burst (budget: idle RSS ≤ 150 MB once the burst has passed). Starts the built
// server, measures its RSS at rest, during a burst of label renders (2 threads, 4 clients) and city
// searches, then after the render threads' idle time (LABEL_WORKER_IDLE_MS) has passed.
// Run: npx tsc -b apps/server && npx tsx --conditions=@lab/source bench/idle-rss.ts
import fs from 'node:fs';
import path from 'node:path';
import { count, pause, repoRoot, report, rssMb, startServer } from './support.ts';

const IDLE_MS = count(5_000, 300, 'BENCH_IDLE_MS');
const BURST = count(24, 1, 'BENCH_BURST');
const WORKERS = count(2, 1);
/** How long past the idle time the memory is read (the collection after eviction takes a moment). */
const AFTER_MS = count(5_000, 300);
const fedex = fs.readFileSync(path.resolve(repoRoot, '../shared/reference/zpl-corpus/fedex.zpl'), 'utf8');

// Memory, not speed, is measured here: a loaded machine must not turn renders into deadline 422s.
const server = await startServer({
  LABEL_WORKERS: String(WORKERS),
  LABEL_WORKER_IDLE_MS: String(IDLE_MS),
  LABEL_REQUEST_DEADLINE_MS: '300000',
  LABEL_RENDER_TIMEOUT_MS: '300000',
  LOOKUP_DATA_IDLE_MS: String(IDLE_MS),
});
const pid = server.pid;
try {
  await fetch(`${server.baseUrl}/lab/api/health`);
  await pause(count(1000, 100));
  report('RSS at rest after start', rssMb(pid), 'MB');

  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  let left = BURST;
  let serial = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (left-- > 0) {
        const zpl = fedex.replace(/\^XZ\s*$/, `^FXrss ${serial++}^FS^XZ`);
        const res = await fetch(`${server.baseUrl}/lab/api/labels/v1/printers/8dpmm/labels/4x6/0/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: zpl,
        });
        if (!res.ok) throw new Error(`render answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  for (const q of ['Lon', 'Par', 'Ber', 'New'])
    await (await fetch(`${server.baseUrl}/lab/api/utils/v1/cities?q=${q}`)).json();
  clearInterval(sampler);
  report(`RSS peak during ${BURST} renders + city searches`, peak, 'MB');

  await pause(IDLE_MS + AFTER_MS);
  report(`RSS idle (${(IDLE_MS + AFTER_MS) / 1000} s after the burst)`, rssMb(pid), 'MB', { max: 150 });
} finally {
  await server.stop();
}
