import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLab } from '../../test/helpers.js';
import { ZPL_CORPUS } from '../../test/labels.js';
import { decodeGray } from '../../images/decode.js';
import { rotateGray } from './images.js';

const lab = (args: string[], stdin?: Buffer) => runLab(args, stdin ? { stdin } : {});

/** The files the commands write (and the inputs the tests write), one folder for the file's tests. */
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-zpl-cli-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('lab zpl render', () => {
  it('renders a file to PNG at the size and density asked, and rotates it', async () => {
    const upright = path.join(dir, 'fedex.png');
    const r = await lab(['zpl', 'render', path.join(ZPL_CORPUS, 'fedex.zpl'), '-o', upright]);
    expect(r).toEqual({ code: 0, out: [`wrote ${upright} (PNG, label 1 of 1)`], err: [] });
    const img = decodeGray(fs.readFileSync(upright));
    expect([img.width, img.height]).toEqual([813, 1220]);

    const turned = path.join(dir, 'fedex-180.png');
    const t = await lab(['zpl', 'render', path.join(ZPL_CORPUS, 'fedex.zpl'), '--rotate', '180', '-o', turned]);
    expect(t.code).toBe(0);
    expect(Buffer.from(decodeGray(fs.readFileSync(turned)).gray).equals(Buffer.from(rotateGray(img, 180).gray))).toBe(
      true,
    );
  });

  it('reads stdin and writes every label to a PDF (format from the extension)', async () => {
    const out = path.join(dir, 'two.pdf');
    const r = await lab(
      ['zpl', 'render', '-', '--size', '4x6.75', '-o', out],
      fs.readFileSync(path.join(ZPL_CORPUS, 'pnldpd.zpl')),
    );
    expect(r).toEqual({ code: 0, out: [`wrote ${out} (PDF, 2 labels)`], err: [] });
    const doc = await PDFDocument.load(fs.readFileSync(out));
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPage(1).getSize()).toEqual({ width: 288, height: 486 });
  });

  it('picks one label by index at another density', async () => {
    const out = path.join(dir, 'second.png');
    const r = await lab([
      'zpl',
      'render',
      path.join(ZPL_CORPUS, 'pnldpd.zpl'),
      '--index',
      '1',
      '--dpmm',
      '12',
      '-o',
      out,
    ]);
    expect(r.out).toEqual([`wrote ${out} (PNG, label 2 of 2)`]);
    const img = decodeGray(fs.readFileSync(out));
    expect([img.width, img.height]).toEqual([1220, 1829]);
  });

  it.each([
    [['--dpmm', '10'], 'lab: --dpmm: unsupported print density "10": use one of 6dpmm, 8dpmm, 12dpmm, 24dpmm'],
    [
      ['--size', '20x6'],
      'lab: --size: invalid label size "20x6": width and height must be greater than 0 and at most 15 inches',
    ],
    [['--rotate', '45'], 'lab: --rotate: invalid rotation "45": use 0, 90, 180 or 270'],
    [['--index', 'x'], 'lab: --index: invalid label index "x": use a whole number from 0'],
    [['--format', 'gif'], 'lab: --format: use png or pdf, got "gif"'],
    [['--index', '3'], 'lab: label index 3 is out of range: the ZPL holds 1 label'],
  ])('exits 2 with the message for %j', async (args, message) => {
    const r = await lab(['zpl', 'render', path.join(ZPL_CORPUS, 'fedex.zpl'), ...args, '-o', path.join(dir, 'x.png')]);
    expect(r.code).toBe(2);
    expect(r.err).toEqual([message]);
  });

  it('exits 2 with the renderer message on bad ZPL, a missing file or empty input', async () => {
    const bad = path.join(dir, 'bad.zpl');
    fs.writeFileSync(bad, '^XA^FO50,50^BQN,2,10^FDMM^FS^XZ');
    const r = await lab(['zpl', 'render', bad, '-o', path.join(dir, 'bad.png')]);
    expect(r).toEqual({
      code: 2,
      out: [],
      err: ['lab: Error rendering: error rendering label 0: failed to draw zpl element: invalid qr barcode data'],
    });
    expect(fs.existsSync(path.join(dir, 'bad.png'))).toBe(false);
    const missing = await lab(['zpl', 'render', path.join(dir, 'nope.zpl'), '-o', path.join(dir, 'n.png')]);
    expect(missing.code).toBe(2);
    expect(missing.err).toEqual([`lab: cannot read ${path.join(dir, 'nope.zpl')}: no such file`]);
    const empty = await lab(['zpl', 'render', '-', '-o', path.join(dir, 'e.png')]);
    expect(empty.err).toEqual(['lab: stdin is empty']);
    const noOutput = await lab(['zpl', 'render', bad]);
    expect(noOutput.code).toBe(2);
  });
});

describe('lab zpl check', () => {
  it('prints each symbol with its verdict and exits 0 when every symbol passes', async () => {
    const r = await lab(['zpl', 'check', path.join(ZPL_CORPUS, 'fedex.zpl')]);
    expect(r.code).toBe(0);
    expect(r.out).toHaveLength(2);
    expect(r.out[0]).toMatch(/^✓ PDF417 "\[\)>\\u001e01\\u001d0211111/);
    expect(r.out[1]).toMatch(/^✓ Code 128 "9632080400200044387500271053820000" at \d+,\d+ \(field at byte \d+\)$/);
  });

  it('exits 1 when a symbol fails, naming why', async () => {
    const zpl = Buffer.from('^XA^PW400^FO300,100^BQN,2,6^FDQA,HALF OUTSIDE THE PRINT WIDTH^FS^XZ');
    const r = await lab(['zpl', 'check', '-'], zpl);
    expect(r.code).toBe(1);
    expect(r.out).toEqual([
      '✗ QR Code not decoded at 300,100 (field at byte 27)',
      '    the QR Code symbol does not decode: it is at least 126 dots wide (21 modules of 6) and starts at x 300 of the 400-dot print width',
    ]);
    expect(r.err.join('\n')).toContain('a symbol failed the check');
  });

  it('checks the label against a shipment reply and exits 1 on the wrong tracking number', async () => {
    const reply = path.join(dir, 'reply.json');
    fs.writeFileSync(
      reply,
      JSON.stringify({
        output: { transactionShipments: [{ masterTrackingNumber: '794000000014', serviceType: 'FEDEX_GROUND' }] },
      }),
    );
    const label = path.join(dir, 'label.zpl');
    fs.writeFileSync(label, '^XA^FO100,100^BY3^BCN,150,N,N,N^FD>;794000000025^FS^XZ');
    const r = await lab(['zpl', 'check', label, '--reply', reply]);
    expect(r.code).toBe(1);
    expect(r.out.slice(1)).toEqual([
      '✗ no symbol carries the tracking number 794000000014',
      '✓ check digit 4 is right (1-3-7, mod 11)',
      '– no symbol encodes the service FEDEX_GROUND',
    ]);
    const json = await lab(['zpl', 'check', label, '--reply', reply, '--tracking', '794000000025', '--json']);
    // The label is that piece's: it carries the tracking number asked for.
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out.join('\n')).labels[0].shipment[0]).toMatchObject({ found: '794000000025', ok: true });
  });

  it('exits 2 on bad arguments', async () => {
    const r = await lab(['zpl', 'check', path.join(ZPL_CORPUS, 'fedex.zpl'), '--dpmm', '7']);
    expect(r.code).toBe(2);
  });
});
