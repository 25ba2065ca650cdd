import http from 'node:http';
import { gzipSync, deflateSync, brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, timeoutsOf, UpstreamError } from './outbound.js';

/** An upstream with a few misbehaving answers. */
let server: http.Server;
let base: string;
const client = new HttpClient();
const timers = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/trickle') {
      // One byte every 150 ms, for 30 bytes: never idle long enough for an idle timeout.
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const timer = setInterval(() => {
        if (res.destroyed || sent++ >= 30) {
          clearInterval(timer);
          timers.delete(timer);
          res.end();
          return;
        }
        res.write('x');
      }, 150);
      timers.add(timer);
      return;
    }
    if (req.url === '/bomb') {
      const zeros = gzipSync(Buffer.alloc(64 * 1024 * 1024));
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(zeros);
      return;
    }
    const payload = Buffer.from('{"ok":true,"text":"hello"}');
    const [body, coding] =
      req.url === '/gzip'
        ? [gzipSync(payload), 'gzip']
        : req.url === '/deflate'
          ? [deflateSync(payload), 'deflate']
          : req.url === '/br'
            ? [brotliCompressSync(payload), 'br']
            : [payload, undefined];
    res.writeHead(200, { 'content-type': 'application/json', ...(coding ? { 'content-encoding': coding } : {}) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  for (const t of timers) clearInterval(t);
  await client.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const send = (path: string, ms = 5_000, maxResponseBytes = 1024 * 1024) =>
  client.send({
    upstream: { name: 'test', base },
    method: 'GET',
    path,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
    timeouts: timeoutsOf(ms),
    maxResponseBytes,
  });

describe('the outbound client', () => {
  it('holds one total deadline per call: an upstream trickling a byte at a time answers 504', async () => {
    const err = await send('/trickle', 1_000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).statusCode).toBe(504);
    expect((err as UpstreamError).message).toBe(
      `upstream test (${base}) did not answer in time (total deadline, 1000 ms)`,
    );
  });

  it('bounds the inflated size of a compressed answer (a gzip bomb is 502, never 64 MB in memory)', async () => {
    const err = await send('/bomb').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect((err as UpstreamError).statusCode).toBe(502);
    expect((err as UpstreamError).message).toBe(
      `upstream test (${base}) answered more than the 1048576-byte limit (decompressed)`,
    );
  });

  it('decodes gzip, deflate and br answers and drops their content-encoding', async () => {
    for (const path of ['/gzip', '/deflate', '/br', '/plain']) {
      const res = await send(path);
      expect(JSON.parse(res.body.toString('utf8')), path).toEqual({ ok: true, text: 'hello' });
      expect(res.headers['content-encoding'], path).toBeUndefined();
    }
  });
});
