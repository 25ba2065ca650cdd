// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterWriteFailure,
  AgentError,
  agentErrorText,
  canPrint,
  checkPrinter,
  convertAndPrint,
  defaultAgentUrl,
  getAvailablePrinters,
  getDefaultDevice,
  NOT_READY,
  printDataOf,
  readFromDevice,
  uploadKind,
  writeToDevice,
} from './agent';
import { DESK_PRINTER } from '@/test/printAgent';

const BASE = 'http://127.0.0.1:9100';
const device = DESK_PRINTER;

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}
let calls: Call[];
let answer: (url: string, init?: RequestInit) => Response | Promise<Response>;

beforeEach(() => {
  calls = [];
  answer = () => new Response('');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers)),
        body: init?.body,
      });
      return answer(String(input), init);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the Browser Print agent contract', () => {
  it('uses Zebra’s ports: 9100 for http pages, 9101 for https pages', () => {
    expect(defaultAgentUrl('http:')).toBe('http://127.0.0.1:9100');
    expect(defaultAgentUrl('https:')).toBe('https://127.0.0.1:9101');
  });

  it('GET /default?type=printer: one device, or null for an empty body', async () => {
    answer = () => Response.json(device);
    expect(await getDefaultDevice(`${BASE}/`)).toEqual(device);
    expect(calls[0]).toMatchObject({ url: `${BASE}/default?type=printer`, method: 'GET' });
    answer = () => new Response('');
    expect(await getDefaultDevice(BASE)).toBeNull();
  });

  it('GET /available: the printer list', async () => {
    answer = () => Response.json({ printer: [device] });
    expect(await getAvailablePrinters(BASE)).toEqual([device]);
    expect(calls[0]!.url).toBe(`${BASE}/available`);
  });

  it('POST /write: a text/plain JSON body {device, data} with no custom headers (no preflight)', async () => {
    await writeToDevice(BASE, device, '^XA^FDhi^FS^XZ');
    expect(calls[0]).toEqual({
      url: `${BASE}/write`,
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ device, data: '^XA^FDhi^FS^XZ' }),
    });
  });

  it('sends a UTF-8 file as text and any other bytes one character a byte', async () => {
    const utf8 = new TextEncoder().encode('^XA^CI28^FDÄ中^FS^XZ');
    expect(printDataOf(utf8)).toEqual({ text: '^XA^CI28^FDÄ中^FS^XZ' });
    const raw = new Uint8Array([0x5e, 0x58, 0x41, 0xc4, 0xff, 0x5e, 0x58, 0x5a]);
    const data = printDataOf(raw);
    expect(data).toEqual({ bytes: raw });
    await writeToDevice(BASE, device, data);
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ device, data: '^XAÄÿ^XZ', encoding: 'latin1' });
  });

  it('POST /read: {device}, answering the printer’s text', async () => {
    answer = () => new Response('\x02030,0,0\x03');
    expect(await readFromDevice(BASE, device)).toBe('\x02030,0,0\x03');
    expect(calls[0]).toMatchObject({ url: `${BASE}/read`, body: JSON.stringify({ device }) });
  });

  it('POST /convert: multipart with a json part {options:{action:"print", fromFormat:"png"}, device} and a blob part', async () => {
    const png = new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' });
    await convertAndPrint(BASE, device, png);
    const form = calls[0]!.body as FormData;
    expect(calls[0]!.url).toBe(`${BASE}/convert`);
    expect(JSON.parse(form.get('json') as string)).toEqual({ options: { action: 'print', fromFormat: 'png' }, device });
    expect(form.get('blob')).toBeInstanceOf(Blob);
    expect(calls[0]!.headers['content-type']).toBeUndefined();
  });

  it('a failed call carries the agent’s response body as its message', async () => {
    answer = () => new Response('Printer desk (10.0.0.5:9100): ECONNREFUSED', { status: 500 });
    const err = await writeToDevice(BASE, device, 'x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentError);
    expect(err).toMatchObject({ message: 'Printer desk (10.0.0.5:9100): ECONNREFUSED', status: 500 });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(getDefaultDevice(BASE)).rejects.toThrow(
      'Browser Print is not reachable at http://127.0.0.1:9100: Failed to fetch',
    );
  });

  it('words a failure for the screen: the agent’s answer as it is, an unreachable agent in the screen’s language', async () => {
    expect(agentErrorText(new AgentError('Printer offline', 500), '无法连接 Browser Print，地址', BASE)).toBe(
      'Printer offline',
    );
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const err = await getDefaultDevice(BASE).catch((e: unknown) => e);
    expect(agentErrorText(err, '无法连接 Browser Print，地址', BASE)).toBe(
      '无法连接 Browser Print，地址 http://127.0.0.1:9100: Failed to fetch',
    );
  });

  it('classifies uploads by extension', () => {
    expect(['a.zpl', 'b.TXT', 'c.jpg', 'd.jpeg', 'e.bmp', 'f.png', 'g.pdf', 'h.gif', 'noext'].map(uploadKind)).toEqual([
      'zpl',
      'zpl',
      'image',
      'image',
      'image',
      'image',
      'pdf',
      null,
      null,
    ]);
  });
});

describe('printer readiness', () => {
  it('is ready when connected, a default printer is configured and a 000000 write succeeds', async () => {
    answer = (url) => (url.endsWith('/default?type=printer') ? Response.json(device) : new Response(''));
    const state = await checkPrinter(BASE);
    expect(state).toEqual({ readiness: { connected: true, configured: true, available: true }, device, error: null });
    expect(canPrint(state.readiness)).toBe(true);
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      [`${BASE}/default?type=printer`, undefined],
      [`${BASE}/write`, JSON.stringify({ device, data: '000000' })],
    ]);
  });

  it('is connected but not configured without a default printer (no write is tried)', async () => {
    const state = await checkPrinter(BASE);
    expect(state.readiness).toEqual({ connected: true, configured: false, available: false });
    expect(canPrint(state.readiness)).toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('is configured but not available when the 000000 write fails, with the agent’s answer as the error', async () => {
    answer = (url) =>
      url.endsWith('/default?type=printer') ? Response.json(device) : new Response('Printer offline', { status: 500 });
    const state = await checkPrinter(BASE);
    expect(state).toMatchObject({
      readiness: { connected: true, configured: true, available: false },
      error: 'Printer offline',
    });
  });

  it('is not connected when the agent does not answer', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const state = await checkPrinter(BASE);
    expect(state.readiness).toEqual(NOT_READY);
    expect(state.error).toMatch(/^Browser Print is not reachable/);
  });

  it('a write failure marks the printer unavailable and keeps the other flags', () => {
    const ready = { readiness: { connected: true, configured: true, available: true }, device, error: null };
    const after = afterWriteFailure(ready, new AgentError('paper out', 500));
    expect(after).toEqual({
      readiness: { connected: true, configured: true, available: false },
      device,
      error: 'paper out',
      cause: new AgentError('paper out', 500),
    });
    expect(canPrint(after.readiness)).toBe(false);
    for (const r of [
      { connected: false, configured: true, available: true },
      { connected: true, configured: false, available: true },
    ]) {
      expect(canPrint(r)).toBe(false);
    }
  });
});
