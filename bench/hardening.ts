// Hardening probes of issue 30 (items 3–5), as numbers: run the same command before and after a fix.
// Run: npx tsx --conditions=@lab/source bench/hardening.ts [deadline|gzip|image|connections]…  (default: all)
// Build first: npx tsc -b apps/server. The probes share one built server (in that order).
//   deadline     Stratus greet through the gateway (GATEWAY_STRATUS_TIMEOUT_MS=3000) against an upstream
//                that answers one byte every 500 ms for 20 bytes: status and seconds until the answer.
//   gzip         the gateway in front of an upstream answering 200 KB of gzip that inflates to 200 MB:
//                status, bytes on the wire and bytes they inflate to at the caller.
//   image        four POSTs of a 16000 × 16000 PNG (about 31 KB) to /lab/api/labels/v1/graphics: statuses,
//                the server's RSS before and after, and how long a small render of another client took meanwhile.
//   connections  1,100 connections trickling request bodies, then 200 health probes: how many answered 200.
import http from 'node:http';
import net from 'node:net';
import { deflateSync, gzipSync, createGunzip } from 'node:zlib';
import { count, pause, rssMb, startServer, type RunningServer } from './support.ts';

const parts = process.argv.slice(2);
const wanted = (name: string) => parts.length === 0 || parts.includes(name);

function listen(handler: http.RequestListener): Promise<{ url: string; close: () => void }> {
  const server = http.createServer(handler);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    ),
  );
}

/** The gateway's Stratus deadline (GATEWAY_STRATUS_TIMEOUT_MS), set on the server. */
const limitMs = count(3000, 300);
/** What the Stratus upstream answers: set by the probe running. */
let answer: http.RequestListener = (_req, res) => res.end();

async function deadline(server: RunningServer) {
  const byteMs = count(500, 50);
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    let n = 0;
    const timer = setInterval(() => {
      if (n++ >= 20 || res.destroyed) {
        clearInterval(timer);
        res.end();
      } else res.write(' ');
    }, byteMs);
  };
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/lab/api/stratus/stratus/v1/greet`);
  await res.arrayBuffer();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `deadline: status ${res.status} after ${seconds.toFixed(1)} s (limit ${limitMs / 1000} s, upstream 1 byte / ${byteMs} ms × 20)`,
  );
}

async function gzip(server: RunningServer) {
  const bomb = gzipSync(Buffer.alloc(count(200, 4) * 1024 * 1024), { level: 9 });
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(bomb);
  };
  const rss0 = rssMb(server.pid);
  const { status, wire, inflated } = await new Promise<{ status: number; wire: number; inflated: number }>(
    (resolve, reject) => {
      http
        .get(
          `${server.baseUrl}/lab/api/stratus/stratus/v1/greet`,
          { headers: { 'accept-encoding': 'gzip' } },
          (res) => {
            let wire = 0;
            let inflated = 0;
            const gz = res.headers['content-encoding'] === 'gzip';
            const gunzip = createGunzip();
            res.on('data', (c: Buffer) => (wire += c.length));
            (gz ? res.pipe(gunzip) : res).on('data', (c: Buffer) => (inflated += c.length));
            (gz ? gunzip : res).on('end', () => resolve({ status: res.statusCode ?? 0, wire, inflated }));
            gunzip.on('error', reject);
          },
        )
        .on('error', reject);
    },
  );
  console.log(
    `gzip: upstream sends ${(bomb.length / 1024).toFixed(0)} KB; gateway answers ${status}, ${(wire / 1024).toFixed(0)} KB ` +
      `on the wire inflating to ${(inflated / 1024 / 1024).toFixed(1)} MB at the caller; server RSS ${rss0.toFixed(0)} → ${rssMb(server.pid).toFixed(0)} MB`,
  );
}

/** A 1-bit grayscale PNG of w × h white pixels, fully encoded (a few tens of KB). */
function pngBomb(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(4 + body.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 4 + body.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([1, 0, 0, 0, 0], 8);
  const rowBytes = 1 + Math.ceil(w / 8);
  const raw = Buffer.alloc(rowBytes * h, 0xff);
  for (let y = 0; y < h; y++) raw[y * rowBytes] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function image(server: RunningServer) {
  const side = count(16_000, 1_000);
  const bomb = pngBomb(side, side);
  const rss0 = rssMb(server.pid);
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
  const post = (body: Buffer, type: string) =>
    fetch(`${server.baseUrl}/lab/api/labels/v1/graphics`, {
      method: 'POST',
      headers: { 'content-type': type },
      body: new Uint8Array(body),
    });
  const small = pngBomb(64, 64);
  const bombs = Array.from({ length: 4 }, () => post(bomb, 'image/png').then((r) => r.status));
  await pause(200);
  const started = performance.now();
  const other = await fetch(`${server.baseUrl}/lab/api/labels/v1/graphics`, {
    method: 'POST',
    headers: { 'content-type': 'image/png', 'x-forwarded-for': '10.0.0.2' },
    body: new Uint8Array(small),
  });
  const otherMs = performance.now() - started;
  const otherText = other.ok ? '' : ` (${(await other.text()).slice(0, 120)})`;
  const statuses = await Promise.all(bombs);
  clearInterval(sampler);
  console.log(
    `image: ${(bomb.length / 1024).toFixed(0)} KB PNG declaring ${side}×${side}, 4 posts → ${statuses.join(', ')}; ` +
      `another client's 64×64 → ${other.status}${otherText} in ${otherMs.toFixed(0)} ms; server RSS ${rss0.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after ${rssMb(server.pid).toFixed(0)} MB`,
  );
}

async function connections(server: RunningServer) {
  const { port } = new URL(server.baseUrl);
  const sockets: net.Socket[] = [];
  const connections = count(1_100, 20);
  const probes = count(200, 5);
  try {
    for (let i = 0; i < connections; i++) {
      const s = net.connect(Number(port), '127.0.0.1');
      s.on('error', () => {});
      s.write(
        'POST /lab/api/utils/v1/dimweight HTTP/1.1\r\nhost: lab\r\ncontent-type: application/json\r\ncontent-length: 60000\r\n\r\n{',
      );
      sockets.push(s);
    }
    const trickle = setInterval(() => {
      for (const s of sockets) if (!s.destroyed) s.write(' ');
    }, 1_000);
    await pause(count(2_000, 200));
    let ok = 0;
    for (let i = 0; i < probes; i++) {
      try {
        const res = await fetch(`${server.baseUrl}/lab/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (res.ok) ok++;
      } catch {
        // refused, reset or too slow: not answered
      }
    }
    clearInterval(trickle);
    const open = sockets.filter((s) => !s.destroyed).length;
    console.log(
      `connections: ${connections} trickling (${open} still open at the end), health probes answered ${ok} of ${probes}`,
    );
  } finally {
    for (const s of sockets) s.destroy();
  }
}

// One built server for the probes, in front of a local Stratus upstream whose answer each probe
// sets; connections last (it leaves the server with a thousand sockets to close).
const upstream = await listen((req, res) => answer(req, res));
const server = await startServer({ STRATUS_URL: upstream.url, GATEWAY_STRATUS_TIMEOUT_MS: String(limitMs) });
try {
  if (wanted('deadline')) await deadline(server);
  if (wanted('gzip')) await gzip(server);
  if (wanted('image')) await image(server);
  if (wanted('connections')) await connections(server);
} finally {
  await server.stop();
  upstream.close();
}
