import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pngDimensions } from '@lab/core/labels';
import type { LabelCheckReply } from '@lab/core/contract';
import { completeExpressTracking } from '@lab/core/shipping';
import { suiteApp } from '../../test/suiteFixtures.js';
import { corpusFile, LABELS_BASE, sizeAt8dpmm, ZPL_CORPUS } from '../../test/labels.js';
import { multipart } from '../../test/multipart.js';

const base = LABELS_BASE;

/**
 * The corpus symbols that do not pass, each with its verdict, the first words of its warning and
 * why. Every other symbol of every label decodes and matches its field exactly.
 */
const EXCEPTIONS: Record<string, Array<{ data: string; verdict: 'warn' | 'fail'; warning: string; why: string }>> = {
  'amazon.zpl': [
    {
      data: 'AMZNCC00000010000000',
      verdict: 'fail',
      warning: 'the Code 128 symbol does not decode: it is about 765 dots wide and runs past the edge',
      why: 'mode N stays in subset B: 20 characters at ^BY3 from x 145 run past the 813-dot label',
    },
  ],
  'aztec_ec.zpl': [
    {
      data: 'Part:123;Warehouse:BYZA;Position:12-12-1',
      verdict: 'fail',
      warning: 'the symbol lies partly outside the printable area (480 × 320 dots)',
      why: '^LL320: the symbols at y 250, 450 and 700 reach past it (the linter warns too)',
    },
  ],
  'barcode128_line_font_sizes.zpl': [
    {
      data: '>;9632080400200044387502171053828143',
      verdict: 'fail',
      warning: 'the narrow bar is 1 dot (0.13 mm): below the 2 dots a 8 dpmm printer prints reliably',
      why: '^BY1 at 8 dpmm: it decodes on the raster, a printer smears one-dot bars',
    },
    {
      data: '>;9632080400200044387502171053828143',
      verdict: 'fail',
      warning: 'the Code 128 symbol does not decode: it is about',
      why: '^BY4, ^BY5, ^BY6: 888, 1110 and 1332 dots wide on an 813-dot label, clipped',
    },
  ],
  'barcode128_mode_n_cba_sets.zpl': [
    {
      data: '>;382436>6CODE128>752375152',
      verdict: 'fail',
      warning: 'decoded "382436CODE128TEST" but the field should give "382436CODE12852375152"',
      why: 'after >7 (subset A) the ZPL manual encodes the digits as characters; the engine, like the reference rendering, reads them as code values 52 37 51 52 ("TEST")',
    },
  ],
  'dbs.zpl': [
    {
      data: '42053238',
      verdict: 'fail',
      warning: 'the Code 128 symbol does not decode (clipped by the label edge, overlapped',
      why: 'the diagonal "LABEL" text is drawn across the bars',
    },
  ],
  'dhlecommercetr.zpl': [
    {
      data: '\\u003e:D@5BBLQZJNBNDSAAA6J',
      verdict: 'fail',
      warning: 'the symbol lies partly outside the printable area (813 × 959 dots)',
      why: 'the rotated Code 128 runs from y 30 to y 993, past ^LL959',
    },
  ],
  'glscz.zpl': [
    {
      data: '>;903844384574',
      verdict: 'fail',
      warning: 'the symbol lies partly outside the printable area (679 × 679 dots)',
      why: 'the Interleaved 2 of 5 reaches x 692, past ^PW679',
    },
  ],
  'pnldpd.zpl': [
    {
      data: '%002100003015151800000000000',
      verdict: 'fail',
      warning: 'the Code 128 symbol does not decode (clipped by the label edge, overlapped',
      why: 'the large "TEST" text is drawn across the bars',
    },
  ],
  'qr_code_ft_manual.zpl': [
    {
      data: 'HM,B002012345678901234567890',
      verdict: 'fail',
      warning: 'the QR Code symbol does not decode (clipped by the label edge, overlapped',
      why: 'the ^GB lines run along its left and bottom edges: no quiet zone',
    },
  ],
  'ups.zpl': [
    {
      data: '4030405000',
      verdict: 'warn',
      warning: 'MaxiCode is not decoded: the decoder (zxing-cpp) does not find MaxiCode',
      why: 'zxing-cpp reads MaxiCode only from pure, centred images; not on a whole label',
    },
  ],
  'ups_surepost.zpl': [
    {
      data: '988840000000000',
      verdict: 'warn',
      warning: 'MaxiCode is not decoded: the decoder (zxing-cpp) does not find MaxiCode',
      why: 'as ups.zpl',
    },
  ],
};

/** The shipment check's tracking number items when the symbol carrying it was `found` (or none was). */
const trackingNumberItems = (tracking: string, found: string | null) => [
  {
    item: 'trackingNumber',
    expected: tracking,
    found,
    ok: found !== null,
    message: `${found === null ? 'no' : 'a'} symbol carries the tracking number ${tracking}`,
  },
  {
    item: 'checkDigit',
    expected: tracking.slice(-1),
    found,
    ok: true,
    message: `check digit ${tracking.slice(-1)} is right (1-3-7, mod 11)`,
  },
];

function sizeOf(zplFile: string): string {
  const d = pngDimensions(corpusFile(zplFile.replace(/\.zpl$/, '.png')))!;
  return sizeAt8dpmm(d.width, d.height);
}

describe('label check', () => {
  const t = suiteApp('sqlite', { labelMaxConcurrentPerClient: 1_000, labelRequestDeadlineMs: 600_000 });

  /** The check of `zpl`: the raw body, or with a reply and/or tracking number the multipart form. */
  async function check(zpl: string | Buffer, dpmm = 8, size = '4x6', reply?: unknown, trackingNumber?: string) {
    const fields = [
      ...(reply !== undefined ? [{ name: 'reply', value: JSON.stringify(reply) }] : []),
      ...(trackingNumber ? [{ name: 'trackingNumber', value: trackingNumber }] : []),
    ];
    const form = fields.length
      ? multipart([{ name: 'file', value: Buffer.from(zpl), filename: 'label.zpl' }, ...fields])
      : undefined;
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/${dpmm}dpmm/labels/${size}/check`,
      headers: { 'content-type': form ? form.contentType : 'application/x-www-form-urlencoded' },
      payload: form ? form.body : zpl,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json<LabelCheckReply>();
  }

  const files = fs
    .readdirSync(ZPL_CORPUS)
    .filter((f) => f.endsWith('.zpl'))
    .sort();

  // One file at a time: each test's time is its own render and decode, never a queue behind the others.
  it.for(files)('corpus %s: every symbol decoded and matching, or a listed exception', async (file, { expect }) => {
    const result = await check(corpusFile(file), 8, sizeOf(file));
    const exceptions = EXCEPTIONS[file] ?? [];
    for (const label of result.labels) {
      for (const symbol of label.symbols) {
        if (symbol.verdict === 'pass') {
          expect(symbol.field, `${file}: ${symbol.text}`).not.toBeNull();
          expect(symbol.text).toBe(symbol.field!.expected);
          continue;
        }
        const listed = exceptions.find(
          (e) =>
            e.verdict === symbol.verdict &&
            (symbol.field?.data ?? '').startsWith(e.data) &&
            symbol.warnings.some((w) => w.startsWith(e.warning)),
        );
        expect(listed, `${file}: ${symbol.symbology} ${symbol.verdict} ${symbol.warnings.join('; ')}`).toBeDefined();
      }
    }
    // Every listed exception still happens: a fixed one must leave the list.
    for (const e of exceptions) {
      const seen = result.labels.some((l) =>
        l.symbols.some((s) => s.verdict === e.verdict && s.warnings.some((w) => w.startsWith(e.warning))),
      );
      expect(seen, `${file}: ${e.warning}`).toBe(true);
    }
  });

  it('reads the corpus symbols of every kind the decoder knows', async () => {
    const symbologies = new Set<string>();
    for (const file of [
      'fedex.zpl',
      'ean13.zpl',
      'aztec_ec.zpl',
      'porterbuddy.zpl',
      'ups_surepost.zpl',
      'glscz.zpl',
      'amazon.zpl',
    ]) {
      const result = await check(corpusFile(file), 8, sizeOf(file));
      for (const s of result.labels.flatMap((l) => l.symbols)) if (s.text !== null) symbologies.add(s.symbology);
    }
    expect([...symbologies].sort()).toEqual([
      'Aztec',
      'Code 128',
      'Code 39',
      'Data Matrix',
      'EAN-13',
      'Interleaved 2 of 5',
      'PDF417',
      'QR Code',
    ]);
  });

  it('matches a symbol to its field: box in dots, expected text, verdict', async () => {
    const result = await check('^XA^FO100,100^BY2^BCN,100,N,N,N^FD>;123456^FS^XZ');
    expect(result).toMatchObject({ source: 'zpl', dpmm: 8, widthDots: 813, heightDots: 1220, verdict: 'pass' });
    const [symbol] = result.labels[0]!.symbols;
    expect(symbol).toMatchObject({
      symbology: 'Code 128',
      text: '123456',
      verdict: 'pass',
      warnings: [],
      field: { x: 100, y: 100, symbology: 'Code 128', data: '>;123456', expected: '123456' },
    });
    expect(symbol!.box!.x).toBeGreaterThanOrEqual(100);
    expect(symbol!.box!.x).toBeLessThan(130);
  });

  describe('planted faults', () => {
    it('a QR code half outside ^PW', async () => {
      const result = await check('^XA^PW400^FO300,100^BQN,2,6^FDQA,HALF OUTSIDE THE PRINT WIDTH^FS^XZ');
      expect(result.verdict).toBe('fail');
      const [symbol] = result.labels[0]!.symbols;
      expect(symbol!.verdict).toBe('fail');
      // The engine clips at ^PW as a printer does: the half that is left does not decode.
      expect(symbol).toMatchObject({ symbology: 'QR Code', text: null, box: null });
      expect(symbol!.warnings).toEqual([
        'the QR Code symbol does not decode: it is at least 126 dots wide (21 modules of 6) and starts at x 300 of the 400-dot print width',
      ]);
    });

    it('a Code 128 at ^BY1 on 6 dpmm', async () => {
      const result = await check('^XA^FO50,50^BY1^BCN,60,N,N,N^FDSHIPMENT 1234567890 ABCDEFGH^FS^XZ', 6);
      const [symbol] = result.labels[0]!.symbols;
      // The raster is perfect and decodes; a printer's dot gain fills one-dot spaces, so it fails.
      expect(symbol).toMatchObject({ text: 'SHIPMENT 1234567890 ABCDEFGH', verdict: 'fail' });
      expect(symbol!.warnings).toEqual([
        'the narrow bar is 1 dot (0.17 mm): below the 2 dots a 6 dpmm printer prints reliably',
      ]);
    });

    it('a symbol whose decoded value differs from the reply’s tracking number', async () => {
      const tracking = completeExpressTracking('79400000001');
      const other = completeExpressTracking('79400000002');
      const reply = {
        output: {
          transactionShipments: [
            {
              masterTrackingNumber: tracking,
              serviceType: 'PRIORITY_OVERNIGHT',
              pieceResponses: [{ trackingNumber: tracking }],
            },
          ],
        },
      };
      const result = await check(`^XA^FO100,100^BY3^BCN,150,N,N,N^FD>;${other}^FS^XZ`, 8, '4x6', reply);
      expect(result.verdict).toBe('fail');
      expect(result.labels[0]!.symbols[0]!.verdict).toBe('pass');
      expect(result.labels[0]!.shipment).toEqual([
        ...trackingNumberItems(tracking, null),
        {
          item: 'service',
          expected: 'PRIORITY_OVERNIGHT',
          found: null,
          ok: null,
          message: 'no symbol encodes the service PRIORITY_OVERNIGHT',
        },
      ]);

      const right = await check(`^XA^FO100,100^BY3^BCN,150,N,N,N^FD>;${tracking}^FS^XZ`, 8, '4x6', reply);
      expect(right.verdict).toBe('pass');
      expect(right.labels[0]!.shipment![0]).toMatchObject({ item: 'trackingNumber', found: tracking, ok: true });
    });
  });

  it('checks the tracking number alone when no reply comes with it (a Stratus order names only that)', async () => {
    const tracking = completeExpressTracking('79400000003');
    const zpl = `^XA^FO100,100^BY3^BCN,150,N,N,N^FD>;${tracking}^FS^XZ`;
    const right = await check(zpl, 8, '4x6', undefined, tracking);
    expect(right.verdict).toBe('pass');
    expect(right.labels[0]!.shipment).toEqual(trackingNumberItems(tracking, tracking));
    const other = completeExpressTracking('79400000004');
    const wrong = await check(zpl, 8, '4x6', undefined, other);
    expect(wrong.verdict).toBe('fail');
    expect(wrong.labels[0]!.shipment![0]).toMatchObject({ item: 'trackingNumber', expected: other, ok: false });
  });

  it('decodes a PNG label without ZPL: symbols and boxes, nothing to match', async () => {
    const png = corpusFile('fedex.png');
    const res = await t.app.inject({
      method: 'POST',
      url: `${base}/8dpmm/labels/4x6/check`,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    expect(res.statusCode).toBe(200);
    const result = res.json<LabelCheckReply>();
    expect(result).toMatchObject({ source: 'image', widthDots: pngDimensions(png)!.width, verdict: 'pass' });
    expect(result.labels[0]!.symbols.map((s) => [s.symbology, s.field])).toEqual([
      ['PDF417', null],
      ['Code 128', null],
    ]);
    expect(result.labels[0]!.symbols[1]!.text).toBe('9632080400200044387500271053820000');
  });

  it('answers 400 with a clear message', async () => {
    const post = (url: string, payload: string | Buffer, contentType = 'text/plain') =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
    const empty = await post(`${base}/8dpmm/labels/4x6/check`, '');
    expect([empty.statusCode, empty.json().message]).toEqual([
      400,
      'the request body is empty: send the ZPL as the raw body or as a multipart/form-data field named "file"',
    ]);
    const dpmm = await post(`${base}/7dpmm/labels/4x6/check`, '^XA^XZ');
    expect(dpmm.statusCode).toBe(400);
    expect(dpmm.json().message).toMatch(/dpmm/);
    for (const [reply, message] of [
      ['{not json', 'the field "reply" is not JSON: send the create-shipment reply as it came'],
      [
        '{"output":{}}',
        'the field "reply" names no tracking number (output.transactionShipments[0].masterTrackingNumber)',
      ],
    ] as const) {
      const form = multipart([
        { name: 'file', value: '^XA^FO1,1^FDa^FS^XZ' },
        { name: 'reply', value: reply },
      ]);
      const res = await post(`${base}/8dpmm/labels/4x6/check`, form.body, form.contentType);
      expect([res.statusCode, res.json().message], reply).toEqual([400, message]);
    }
  });
});
