import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Conditions } from '../../../test/conditions.js';
import { buildTestApp, runLab } from '../../../test/helpers.js';
import { blackWhiteAgreement, decodeGray } from '../../../test/images.js';
import { imageToZplLabelFromFile } from '../graphic.js';
import { FilePrinter, parsePrinterSpec, TcpPrinter } from './devices.js';
import { startPrintAgent, type RunningAgent } from './server.js';

const SITE = 'http://127.0.0.1:8080';

/** Checks waiting on a fake printer, run again whenever one accepts a connection or receives bytes. */
const printerEvents = new Conditions();

/**
 * A TCP listener standing in for a printer: keeps what each connection sent, answers `~HS`, and
 * closes its side once the agent has ended the job (Node's default for a server without allowHalfOpen).
 */
async function fakePrinter() {
  const received: Buffer[] = [];
  let connections = 0;
  const changed = () => printerEvents.changed();
  const server = net.createServer((socket) => {
    connections += 1;
    changed();
    socket.on('data', (chunk) => {
      received.push(chunk);
      if (chunk.toString('latin1').includes('~HS')) socket.write('\x02030,0,0,1245,000,0,0,0,000,0,0,0\x03\r\n');
      changed();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    bytes: () => Buffer.concat(received),
    connections: () => connections,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Resolves once a fake printer's connections or bytes satisfy `check` (the test's timeout bounds the wait). */
async function waitFor(check: () => boolean) {
  await printerEvents.until(check);
  expect(check()).toBe(true);
}

function whiteSquarePng(): Buffer {
  const png = new PNG({ width: 100, height: 50 });
  for (let i = 0; i < png.data.length; i += 4) {
    const px = i / 4;
    const black = px % 100 < 50;
    png.data[i] = png.data[i + 1] = png.data[i + 2] = black ? 0 : 255;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

describe('lab print-agent: the Browser Print contract', () => {
  let printer: Awaited<ReturnType<typeof fakePrinter>>;
  let agent: RunningAgent;
  let dir: string;
  const jobs: string[] = [];

  beforeAll(async () => {
    printer = await fakePrinter();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-agent-'));
    agent = await startPrintAgent(
      {
        printers: [
          new TcpPrinter('desk', '127.0.0.1', printer.port, 812),
          new FilePrinter('folder', path.join(dir, 'out'), 812),
        ],
        allowOrigins: [SITE],
        convert: imageToZplLabelFromFile,
        onJob: (d, n, what) => jobs.push(`${what} ${d.name} ${n}`),
      },
      0,
    );
  });
  afterAll(async () => {
    await agent.close();
    await printer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    jobs.length = 0;
  });

  const desk = () => ({
    name: 'desk',
    uid: `127.0.0.1:${printer.port}`,
    connection: 'network',
    deviceType: 'printer',
    version: 3,
    provider: 'lab print-agent',
    manufacturer: 'Zebra Technologies',
  });

  it('lists the printers (/available) and the default (/default?type=printer)', async () => {
    const available = await fetch(`${agent.url}/available`, { headers: { origin: SITE } });
    expect(available.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(await available.json()).toEqual({
      printer: [desk(), { ...desk(), name: 'folder', uid: `file:${path.join(dir, 'out')}`, connection: 'file' }],
    });
    expect(await (await fetch(`${agent.url}/default?type=printer`)).json()).toEqual(desk());
    const none = await fetch(`${agent.url}/default?type=scanner`);
    expect(none.status).toBe(200);
    expect(await none.text()).toBe('');
  });

  it('writes a text/plain {device, data} body to the printer byte for byte, one connection a job', async () => {
    const before = printer.bytes().length;
    const connectionsBefore = printer.connections();
    const data = '^XA^FO20,20^A0N,30,30^FDÄ ü 123^FS^XZ';
    for (const part of [data, data]) {
      const res = await fetch(`${agent.url}/write`, {
        method: 'POST',
        headers: { origin: SITE, 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ device: desk(), data: part }),
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('');
    }
    const size = Buffer.byteLength(data);
    await waitFor(() => printer.bytes().length >= before + 2 * size);
    expect(printer.bytes().subarray(before)).toEqual(Buffer.from(data + data, 'utf8'));
    // Each job ends with the printer's clean close of its connection, before the agent answers 200.
    expect(printer.connections() - connectionsBefore).toBe(2);
    expect(jobs).toEqual([`write desk ${size}`, `write desk ${size}`]);
    // Bytes that are not UTF-8 travel one character a byte with encoding: "latin1".
    const raw = Buffer.from([0x5e, 0x58, 0x41, 0xc4, 0xff, 0x5e, 0x58, 0x5a]);
    await fetch(`${agent.url}/write`, {
      method: 'POST',
      body: JSON.stringify({ device: desk(), data: raw.toString('latin1'), encoding: 'latin1' }),
    });
    await waitFor(() => printer.bytes().length >= before + 2 * size + raw.length);
    expect(printer.bytes().subarray(before + 2 * size)).toEqual(raw);
  });

  it('reads the printer’s answer after ~HS, sent back on the job’s connection (/read)', async () => {
    await fetch(`${agent.url}/write`, { method: 'POST', body: JSON.stringify({ device: desk(), data: '~HS' }) });
    const res = await fetch(`${agent.url}/read`, { method: 'POST', body: JSON.stringify({ device: desk() }) });
    expect(await res.text()).toBe('\x02030,0,0,1245,000,0,0,0,000,0,0,0\x03\r\n');
  });

  it('converts an image (/convert multipart json + blob) into a ^GF label and prints it', async () => {
    const form = new FormData();
    form.append('json', JSON.stringify({ options: { action: 'print', fromFormat: 'png' }, device: desk() }));
    form.append('blob', new Blob([whiteSquarePng()], { type: 'image/png' }), 'label.png');
    const before = printer.bytes().length;
    const res = await fetch(`${agent.url}/convert`, { method: 'POST', headers: { origin: SITE }, body: form });
    expect(res.status).toBe(200);
    await waitFor(() => printer.bytes().subarray(before).toString('latin1').endsWith('^XZ'));
    const zpl = printer.bytes().subarray(before).toString('latin1');
    // 100×50 scaled to the 812-dot label width: 102 bytes a row, 406 rows.
    expect(zpl).toMatch(/^\^XA\^FO0,0\^GFA,41412,41412,102,.+\^FS\^XZ$/s);
    expect(jobs).toEqual([`convert desk ${zpl.length}`]);

    const back = new FormData();
    back.append('json', JSON.stringify({ options: { action: 'return', fromFormat: 'png', width: 200 } }));
    back.append('blob', new Blob([whiteSquarePng()]));
    expect(await (await fetch(`${agent.url}/convert`, { method: 'POST', body: back })).text()).toMatch(
      /^\^XA\^FO0,0\^GFA,2500,2500,25,/,
    );
    const bad = new FormData();
    bad.append('json', JSON.stringify({ options: { action: 'print' }, device: desk() }));
    bad.append('blob', new Blob([Buffer.from('not an image')]));
    const refused = await fetch(`${agent.url}/convert`, { method: 'POST', body: bad });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toMatch(/^The image could not be converted: /);
  });

  it('writes jobs of a file: printer to files, skipping the 000000 availability probe', async () => {
    const device = { name: 'folder' };
    for (const data of ['000000', '^XA^FDone^FS^XZ', '^XA^FDtwo^FS^XZ']) {
      expect(
        (await fetch(`${agent.url}/write`, { method: 'POST', body: JSON.stringify({ device, data }) })).status,
      ).toBe(200);
    }
    const files = fs.readdirSync(path.join(dir, 'out')).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^job-.*-0001\.zpl$/);
    expect(files.map((f) => fs.readFileSync(path.join(dir, 'out', f), 'latin1'))).toEqual([
      '^XA^FDone^FS^XZ',
      '^XA^FDtwo^FS^XZ',
    ]);
  });

  it('answers CORS preflights for allowed origins, with Chrome’s private-network permission', async () => {
    const res = await fetch(`${agent.url}/write`, {
      method: 'OPTIONS',
      headers: {
        origin: SITE,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
        'access-control-request-private-network': 'true',
      },
    });
    expect(res.status).toBe(204);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'access-control-allow-origin': SITE,
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type',
      'access-control-allow-private-network': 'true',
    });
  });

  it('refuses other origins before touching a printer, and foreign Host names', async () => {
    const before = printer.bytes().length;
    const connectionsBefore = printer.connections();
    const res = await fetch(`${agent.url}/write`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: JSON.stringify({ device: desk(), data: '^XA^FDevil^FS^XZ' }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.text()).toBe('Origin https://evil.example is not allowed');
    const preflight = await fetch(`${agent.url}/write`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example' },
    });
    expect(preflight.status).toBe(403);
    const rebound = await new Promise<number>((resolve) => {
      const req = net.connect(agent.port, '127.0.0.1', () =>
        req.write('GET /available HTTP/1.1\r\nHost: attacker.example:9100\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      req.on('data', (d) => (text += d.toString()));
      req.on('end', () => resolve(Number(text.split(' ')[1])));
    });
    expect(rebound).toBe(403);
    // An allowed job afterwards is the barrier: the fake printer accepts connections in the order the
    // agent opened them, so a connection a refused request had opened would be counted before its.
    const job = '^XA^FDallowed^FS^XZ';
    const allowed = await fetch(`${agent.url}/write`, {
      method: 'POST',
      body: JSON.stringify({ device: desk(), data: job }),
    });
    expect(allowed.status).toBe(200);
    await waitFor(() => printer.bytes().length >= before + job.length);
    expect(printer.connections() - connectionsBefore).toBe(1);
    expect(printer.bytes().subarray(before).toString('utf8')).toBe(job);
    expect(jobs).toEqual([`write desk ${job.length}`]);
  });

  it('answers the error as text: unknown device, bad body, unreachable printer', async () => {
    const unknown = await fetch(`${agent.url}/write`, {
      method: 'POST',
      body: JSON.stringify({ device: { uid: 'nope' }, data: 'x' }),
    });
    expect([unknown.status, await unknown.text()]).toEqual([404, 'Unknown device nope']);
    const bad = await fetch(`${agent.url}/write`, { method: 'POST', body: 'not json' });
    expect([bad.status, await bad.text()]).toEqual([400, 'the body must be a JSON object']);
  });
});

describe('TCP printer timeouts', () => {
  it('fails a write with the printer’s name when the connection is refused', async () => {
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const p = new TcpPrinter('gone', '127.0.0.1', port, 812);
    await expect(p.write(Buffer.from('^XA^XZ'))).rejects.toThrow('Printer gone (127.0.0.1:' + port + '): ECONNREFUSED');
  });

  it('fails a connect that does not complete within the connect timeout', async () => {
    // A socket that never connects stands in for a printer that does not answer the SYN.
    const p = new TcpPrinter(
      'slow',
      '10.255.255.1',
      9100,
      812,
      { connectMs: 50, writeMs: 1000, readMs: 100 },
      () => new net.Socket(),
    );
    await expect(p.write(Buffer.from('^XA^XZ'))).rejects.toThrow(
      'Printer slow (10.255.255.1:9100) did not answer within 50 ms',
    );
    await p.close();
  });

  it('fails a write the printer does not take within the write timeout', async () => {
    // A listener that never reads: the kernel buffers fill and the write never completes.
    const sockets: net.Socket[] = [];
    const stuck = net.createServer((s) => {
      s.pause();
      sockets.push(s);
    });
    await new Promise<void>((r) => stuck.listen(0, '127.0.0.1', r));
    const port = (stuck.address() as net.AddressInfo).port;
    const p = new TcpPrinter('stuck', '127.0.0.1', port, 812, { connectMs: 1000, writeMs: 100, readMs: 100 });
    await expect(p.write(Buffer.alloc(64 * 1024 * 1024, 0x41))).rejects.toThrow(
      'Printer stuck did not take the data within 100 ms',
    );
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => stuck.close(() => r()));
  });
});

describe('TCP printer: success only when the printer took the bytes', () => {
  it('fails a job when the printer closes the connection without reading it (RST → ECONNRESET)', async () => {
    // The printer accepts the connection but never reads; it hangs up once the agent has sent
    // everything and ended its side. Unread bytes make the kernel answer RST instead of FIN.
    let server: net.Socket | undefined;
    let sent = false;
    const hangUp = () => {
      if (server && sent) server.destroy();
    };
    const mute = net.createServer({ pauseOnConnect: true }, (s) => {
      server = s;
      hangUp();
    });
    await new Promise<void>((r) => mute.listen(0, '127.0.0.1', r));
    const port = (mute.address() as net.AddressInfo).port;
    const p = new TcpPrinter(
      'mute',
      '127.0.0.1',
      port,
      812,
      { connectMs: 5000, writeMs: 5000, readMs: 100 },
      (h, o) => {
        const socket = net.connect({ host: h, port: o, allowHalfOpen: true });
        socket.once('finish', () => {
          sent = true;
          hangUp();
        });
        return socket;
      },
    );
    try {
      await expect(p.write(Buffer.alloc(64 * 1024, 0x41))).rejects.toThrow(
        'Printer mute reset the connection (ECONNRESET): the data was not taken',
      );
    } finally {
      await p.close();
      await new Promise<void>((r) => mute.close(() => r()));
    }
  });

  it('succeeds once the printer has read every byte and closed the connection cleanly', async () => {
    const received: Buffer[] = [];
    const reader = net.createServer((s) => s.on('data', (chunk) => received.push(chunk)));
    await new Promise<void>((r) => reader.listen(0, '127.0.0.1', r));
    const port = (reader.address() as net.AddressInfo).port;
    const p = new TcpPrinter('reader', '127.0.0.1', port, 812);
    const job = Buffer.alloc(2 * 1024 * 1024);
    for (let i = 0; i < job.length; i++) job[i] = i % 251;
    try {
      await p.write(job);
      // Resolved only after the printer's close: everything has arrived by then.
      expect(Buffer.concat(received).equals(job)).toBe(true);
    } finally {
      await p.close();
      await new Promise<void>((r) => reader.close(() => r()));
    }
  });
});

describe('lab print-agent options', () => {
  it('parses printer specs', () => {
    expect(parsePrinterSpec('desk=tcp://10.0.0.5:9100')).toEqual({
      name: 'desk',
      kind: 'tcp',
      host: '10.0.0.5',
      port: 9100,
      dpmm: 8,
      widthInches: 4,
    });
    expect(parsePrinterSpec('big=tcp://printer.local?dpmm=12&width=6')).toMatchObject({
      port: 9100,
      dpmm: 12,
      widthInches: 6,
    });
    expect(parsePrinterSpec('v=file:var/labels')).toMatchObject({ kind: 'file', dir: path.resolve('var/labels') });
    expect(() => parsePrinterSpec('desk')).toThrow('--printer desk: use NAME=tcp://HOST:9100 or NAME=file:DIR');
    expect(() => parsePrinterSpec('x=http://a')).toThrow('--printer x: use tcp://HOST:9100 or file:DIR, got http://a');
    expect(() => parsePrinterSpec('x=tcp://a?dpmm=7')).toThrow('--printer x: dpmm is 6, 8, 12 or 24');
  });

  it('rejects a missing printer, duplicate names and an unknown default with exit code 2', async () => {
    expect(await runLab(['print-agent'])).toMatchObject({
      code: 2,
      err: ['lab: name at least one --printer NAME=tcp://HOST:9100 or NAME=file:DIR'],
    });
    expect((await runLab(['print-agent', '--printer', 'a=file:x', '--printer', 'a=file:y'])).err).toEqual([
      'lab: --printer: two printers have the same name',
    ]);
    expect((await runLab(['print-agent', '--printer', 'a=file:x', '--default', 'b'])).err).toEqual([
      'lab: --default: no printer named b (have a)',
    ]);
    expect((await runLab(['print-agent', '--printer', 'a=file:x', '--allow-origin', 'nope'])).err).toEqual([
      'lab: --allow-origin: nope is not an http(s) origin',
    ]);
  });
});

describe('/convert output rendered by our label service', () => {
  it('draws the picture it was given (a black-and-white image, at its own width)', async () => {
    const width = 160;
    const height = 80;
    const png = new PNG({ width, height });
    const gray = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        // The top half's rows end in black (a trailing run of F): the encoder writes those with a
        // repeat count, not `!`, which the label service's engine would misread (see the module doc).
        const ink =
          (x >= 144 && y < 40) ||
          (x < 144 && ((Math.floor(x / 8) + Math.floor(y / 8)) % 2 === 0 || Math.hypot(x - 110, y - 40) < 25));
        const v = ink ? 0 : 255;
        gray[y * width + x] = v;
        png.data.set([v, v, v, 255], (y * width + x) * 4);
      }
    }
    const agent = await startPrintAgent(
      { printers: [new FilePrinter('v', os.tmpdir(), 812)], allowOrigins: [], convert: imageToZplLabelFromFile },
      0,
    );
    const t = await buildTestApp('sqlite');
    try {
      const form = new FormData();
      form.append('json', JSON.stringify({ options: { action: 'return', fromFormat: 'png', width } }));
      form.append('blob', new Blob([PNG.sync.write(png)]));
      const zpl = await (await fetch(`${agent.url}/convert`, { method: 'POST', body: form })).text();
      const inches = (dots: number) => (dots / 8 / 25.4).toFixed(6);
      const res = await t.app.inject({
        method: 'POST',
        url: `/lab/api/labels/v1/printers/8dpmm/labels/${inches(width)}x${inches(height)}/0/`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: zpl,
      });
      expect(res.statusCode).toBe(200);
      const rendered = decodeGray(res.rawPayload);
      expect([rendered.width, rendered.height]).toEqual([width, height]);
      expect(blackWhiteAgreement(rendered, { width, height, gray })).toBe(1);
    } finally {
      await t.close();
      await agent.close();
    }
  });
});
