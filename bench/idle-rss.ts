// Idle memory after a burst (budget: idle RSS ≤ 150 MB once the burst has passed). Starts the built
// server, measures its RSS at rest, during a burst of label renders (2 threads, 4 clients) and city
// searches, then after the render threads' idle time (LABEL_WORKER_IDLE_MS) has passed.
// Run: npx tsc -b apps/server && npx tsx --conditions=@lab/source bench/idle-rss.ts
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot, report, startServer } from './support.ts';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 5_000);
const BURST = Number(process.env.BENCH_BURST ?? 24);
const fedex = fs.readFileSync(path.resolve(repoRoot, '../shared/reference/zpl-corpus/fedex.zpl'), 'utf8');

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
};

// Memory, not speed, is measured here: a loaded machine must not turn renders into deadline 422s.
const server = await startServer({
  LABEL_WORKERS: '2',
  LABEL_WORKER_IDLE_MS: String(IDLE_MS),
  LABEL_REQUEST_DEADLINE_MS: '300000',
  LABEL_RENDER_TIMEOUT_MS: '300000',
  LOOKUP_DATA_IDLE_MS: String(IDLE_MS),
});
const pid = server.child.pid!;
try {
  await fetch(`${server.baseUrl}/lab/api/health`);
  await new Promise((r) => setTimeout(r, 1000));
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

  await new Promise((r) => setTimeout(r, IDLE_MS + 5_000));
  report(`RSS idle (${IDLE_MS / 1000 + 5} s after the burst)`, rssMb(pid), 'MB', { max: 150 });
} finally {
  await server.stop();
}
