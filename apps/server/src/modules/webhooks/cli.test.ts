import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { webhookSignatureVectors } from '@lab/core/webhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, runLab, type TestApp } from '../../test/helpers.js';
import { listenLoopback } from '../../test/http.js';

const lab = (args: string[], stdin?: Buffer) => runLab(args, stdin ? { stdin } : {});
/** `lab webhook send --url <url> --token <token> …rest`. */
const send = (url: string, token: string, rest: string[], stdin?: Buffer) =>
  lab(['webhook', 'send', '--url', url, '--token', token, ...rest], stdin);

describe('lab webhook', () => {
  let dir: string;
  let t: TestApp;
  let base: string;
  const vector = webhookSignatureVectors[1]!;
  const binary = webhookSignatureVectors[2]!;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-webhook-cli-'));
    fs.writeFileSync(path.join(dir, 'payload.json'), vector.body);
    fs.writeFileSync(path.join(dir, 'binary.bin'), binary.body);
    t = await buildTestApp('sqlite');
    base = await listenLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sign prints the signature of a file or of stdin, byte for byte', async () => {
    expect(await lab(['webhook', 'sign', '--token', vector.token, path.join(dir, 'payload.json')])).toEqual({
      code: 0,
      out: [vector.hex],
      err: [],
    });
    expect((await lab(['webhook', 'sign', '--token', binary.token, '-'], Buffer.from(binary.body))).out).toEqual([
      binary.hex,
    ]);
  });

  it('verify exits 0 on a match and 1 on a mismatch', async () => {
    const file = path.join(dir, 'payload.json');
    const ok = await lab(['webhook', 'verify', '--token', vector.token, '--signature', vector.hex.toUpperCase(), file]);
    expect(ok).toEqual({ code: 0, out: ['signature matches'], err: [] });
    const bad = await lab(['webhook', 'verify', '--token', 'wrong', '--signature', vector.hex, file]);
    expect(bad.code).toBe(1);
    expect(bad.err[0]).toMatch(new RegExp(`^signature mismatch: expected [0-9a-f]{64}, received ${vector.hex}$`));
  });

  it('send posts the payload signed and the receiver stores the same bytes and signature', async () => {
    const res = await send(`${base}/lab/hooks/fdx/cli`, binary.token, [path.join(dir, 'binary.bin')]);
    expect(res.code).toBe(0);
    expect(res.out[0]).toBe('200 OK');
    const { id } = JSON.parse(res.out[1]!) as { id: number };
    const detail = (await t.app.inject(`/lab/api/webhooks/cli/${id}`)).json();
    expect(detail.signature).toBe(binary.hex);
    expect(Buffer.from(detail.bodyBase64, 'base64').equals(Buffer.from(binary.body))).toBe(true);
  });

  it('send can force a wrong signature and exits 1 on HTTP errors', async () => {
    const file = path.join(dir, 'payload.json');
    const forced = await send(`${base}/lab/hooks/fdx/cli`, 't', ['--signature', 'bad', file]);
    expect(forced.code).toBe(0);
    const { id } = JSON.parse(forced.out[1]!) as { id: number };
    expect((await t.app.inject(`/lab/api/webhooks/cli/${id}`)).json().signature).toBe('bad');
    const refused = await send(`${base}/lab/hooks/fdx/Bad`, 't', [file]);
    expect(refused.code).toBe(1);
    expect(refused.out[0]).toBe('400 Bad Request');
  });

  it('answers bad input with exit 2 and a message', async () => {
    const missing = await lab(['webhook', 'sign', '--token', 't', path.join(dir, 'nope.json')]);
    expect(missing).toMatchObject({ code: 2, err: [`lab: cannot read ${path.join(dir, 'nope.json')}: no such file`] });
    const badUrl = await send('ftp://x', 't', ['-']);
    expect(badUrl).toMatchObject({ code: 2, err: ['lab: --url must be an http(s) URL, got ftp://x'] });
    expect((await lab(['webhook', 'verify', '--token', 't', '-'])).code).toBe(2);
  });

  it('send exits 1 when nothing listens', async () => {
    const res = await send('http://127.0.0.1:1/x', 't', ['-'], Buffer.from('{}'));
    expect(res.code).toBe(1);
    expect(res.err[0]).toMatch(/^lab: POST http:\/\/127\.0\.0\.1:1\/x failed: /);
  });
});
