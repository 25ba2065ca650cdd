// Issue 40's re-measure of item 4 (the label check and image sizes), with the finding's measures.
// Run: npx tsx --conditions=@lab/source bench/hardening-check.ts   (build first: npx tsc -b apps/server)
// The built server with LABEL_WORKERS=2 (the finding's 2-core machine). An 8-bit gray PNG declaring
// 16000 × 16000 (~280 KB of deflated white) posted to /lab/api/labels/v1/printers/8dpmm/labels/4x6/check,
// once and four at once, while another client (another loopback address: its own line in the render
// pool and its own per-client limit) renders a one-field label; then a 4×6 PNG whose pixel data is
// garbage (its chunk CRC right). Printed: statuses and times, the render workers' RSS (every child process of the server,
// sampled every 50 ms: their peak sum) and the other client's render time, alone and meanwhile.
// Finding: 200 after 6.5 s, a 1.39 GB worker (2.78 GB with four), the other client waited 10.5 s;
// the garbage PNG "passed" with 0 symbols.
import fs from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import { Agent } from 'undici';
import { count, startServer } from './support.ts';

const LABELS = '/lab/api/labels/v1/printers/8dpmm/labels/4x6';

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/** An 8-bit gray PNG of `w` × `h` from its filtered rows (`raw`). */
function png(w: number, h: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** White rows of `w` × `h` (filter byte 0 each), deflated at level 9. */
function white(w: number, h: number): Buffer {
  const raw = Buffer.alloc((w + 1) * h, 0xff);
  for (let y = 0; y < h; y++) raw[y * (w + 1)] = 0;
  return png(w, h, deflateSync(raw, { level: 9 }));
}

/** The server's child processes (its render workers) and their summed RSS in MB. */
function workersRssMb(pid: number): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      const status = fs.readFileSync(`/proc/${entry}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}

const side = count(16_000, 1_000);
const bomb = white(side, side);
const server = await startServer({ LABEL_WORKERS: '2' });
const other = new Agent({ connect: { localAddress: '127.0.0.2' } });
const simpleZpl = '^XA^FO50,50^A0N,50,50^FDAnother client^FS^XZ';

async function timed(url: string, body: string | Buffer, type: string, dispatcher?: Agent) {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : new Uint8Array(body),
    // @ts-expect-error -- undici's fetch option (Node's fetch is undici's)
    dispatcher,
  });
  const text = res.ok ? '' : await res.text();
  if (res.ok) await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0, message: text.slice(0, 160) };
}
const otherRender = () => timed(`${server.baseUrl}${LABELS}`, simpleZpl, 'text/plain', other);
const check = (body: Buffer) => timed(`${server.baseUrl}${LABELS}/check`, body, 'image/png');

/** `n` checks of `body` at once with another client's render meanwhile; the workers' peak RSS. */
async function round(label: string, body: Buffer, n: number) {
  let peak = workersRssMb(server.pid);
  const before = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, workersRssMb(server.pid))), 50);
  const checks = Promise.all(Array.from({ length: n }, () => check(body)));
  const render = await otherRender();
  const results = await checks;
  clearInterval(sampler);
  const statuses = results.map((r) => `${r.status} in ${(r.ms / 1000).toFixed(2)} s`).join(', ');
  console.log(
    `${label}: ${statuses}${results[0]!.message ? ` "${results[0]!.message}"` : ''}; ` +
      `render workers RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB; ` +
      `another client's one-field render meanwhile ${render.status} in ${render.ms.toFixed(0)} ms`,
  );
}

try {
  await otherRender(); // the workers started, the engine loaded
  const alone = await otherRender();
  console.log(
    `another client's one-field render alone: ${alone.status} in ${alone.ms.toFixed(0)} ms; ` +
      `render workers RSS ${workersRssMb(server.pid).toFixed(0)} MB`,
  );
  const kb = (bomb.length / 1024).toFixed(0);
  await round(`${kb} KB PNG declaring ${side}×${side}, one check`, bomb, 1);
  await round(`the same, four checks at once`, bomb, 4);
  const good = white(813, 1218);
  const idat = good.indexOf('IDAT');
  const garbage = Buffer.from(good);
  garbage.fill(0x5a, idat + 4, idat + 4 + good.readUInt32BE(idat - 4));
  const kbGarbage = (garbage.length / 1024).toFixed(0);
  await round(`813×1218 PNG with garbage pixel data (${kbGarbage} KB), one check`, fixCrc(garbage, idat), 1);
} finally {
  await other.close();
  await server.stop();
}

/** The IDAT chunk's CRC made right again (only the pixel data is wrong). */
function fixCrc(file: Buffer, idat: number): Buffer {
  const length = file.readUInt32BE(idat - 4);
  file.writeUInt32BE(crc32(file.subarray(idat, idat + 4 + length)), idat + 4 + length);
  return file;
}
