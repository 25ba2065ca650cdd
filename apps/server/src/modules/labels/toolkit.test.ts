import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeGraphicData } from '@lab/core/labels/zpl';
import { suiteApp } from '../../test/suiteFixtures.js';
import { corpusFile, LABELS_BASE, postLabel } from '../../test/labels.js';
import { multipart } from '../../test/multipart.js';
import { decodeGray } from '../../images/decode.js';
import { GRAPHIC_NO_FILE_MESSAGE } from './toolkit.js';

const fedex = corpusFile('fedex.zpl');
const twoLabels = corpusFile('pnldpd.zpl');
const base = LABELS_BASE;

/** A 40 × 20 PNG: left half black, right half white. */
function halfBlackPng(): Buffer {
  const png = new PNG({ width: 40, height: 20 });
  for (let i = 0; i < 40 * 20; i++) {
    const v = i % 40 < 20 ? 0 : 255;
    png.data.set([v, v, v, 255], i * 4);
  }
  return PNG.sync.write(png);
}

describe('label service: ZPL toolkit headers and routes', () => {
  const t = suiteApp('sqlite');

  const post = (url: string, payload: Buffer | string, headers: Record<string, string> = {}) =>
    postLabel(t.app, url, payload, headers);

  describe('X-Linter', () => {
    const planted = '^XA\n^FO50,50^BY20^BCN,100^FD12345678^FS\n^XZ';

    it('answers X-Warnings in pipe groups with the count, beside the PNG', async () => {
      const res = await post(`${base}/8dpmm/labels/4x6/`, planted, { 'x-linter': 'On' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-warnings']).toBe(
        '15|2|^BY|1|module width 20 is greater than the maximum 10; 10 is used instead',
      );
      expect(res.headers['x-warnings-count']).toBe('1');
    });

    it('caps the header at 20 warnings and gives every warning in JSON', async () => {
      const zpl = '^XA' + '^FO10,10^A0X,20^FDx^FS'.repeat(25) + '^XZ';
      const res = await post(`${base}/8dpmm/labels/4x6/`, zpl, { 'x-linter': 'On', accept: 'application/pdf' });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['x-warnings']).split('|')).toHaveLength(20 * 5);
      expect(res.headers['x-warnings-count']).toBe('25');
      const json = await post(`${base}/8dpmm/labels/4x6/`, zpl, { accept: 'application/json' });
      expect(json.json().warnings).toHaveLength(25);
    });

    it('reports fields outside the requested size, and is off unless asked', async () => {
      const zpl = '^XA^FO900,10^FDx^FS^XZ';
      const res = await post(`${base}/8dpmm/labels/4x6/`, zpl, { 'x-linter': 'on' });
      expect(res.headers['x-warnings']).toBe('6|3|^FO|1|field origin x 900 is outside the label width of 813 dots');
      const off = await post(`${base}/8dpmm/labels/4x6/`, zpl);
      expect(off.headers['x-warnings']).toBeUndefined();
      expect(off.headers['x-warnings-count']).toBeUndefined();
      const clean = await post(`${base}/8dpmm/labels/4x6/`, fedex.toString('latin1').replace('^FO464,--', '^FO464,0'), {
        'x-linter': 'On',
      });
      expect(clean.headers['x-warnings']).toBeUndefined();
      expect(clean.headers['x-warnings-count']).toBe('0');
    });

    it('answers 400 for a bad X-Linter value', async () => {
      const res = await post(`${base}/8dpmm/labels/4x6/`, planted, { 'x-linter': 'maybe' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid X-Linter "maybe": use On or Off' });
    });
  });

  describe('Accept: application/json', () => {
    it('answers the fields of every label, or of the one indexed', async () => {
      const zpl = '^XA^FO10,20^A0N,30^FDHello^FS^FO30,40^BCN,80^FD12345678^FS^XZ^XA^FO1,2^FH^FD_41B^FS^XZ';
      const res = await post(`${base}/8dpmm/labels/4x6/`, zpl, { accept: 'application/json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-total-count']).toBe('2');
      expect(res.json()).toEqual({
        labels: [
          {
            index: 0,
            fields: [
              { x: 10, y: 20, kind: 'text', data: 'Hello', byteIndex: 18 },
              { x: 30, y: 40, kind: 'barcode', symbology: 'Code 128', data: '12345678', byteIndex: 44 },
            ],
          },
          { index: 1, fields: [{ x: 1, y: 2, kind: 'text', data: 'AB', byteIndex: 73 }] },
        ],
        warnings: [],
      });
      const one = await post(`${base}/8dpmm/labels/4x6/1`, zpl, { accept: 'application/json' });
      expect(one.json().labels).toEqual([
        { index: 1, fields: [{ x: 1, y: 2, kind: 'text', data: 'AB', byteIndex: 73 }] },
      ]);
      const past = await post(`${base}/8dpmm/labels/4x6/2`, zpl, { accept: 'application/json' });
      expect(past.statusCode).toBe(404);
      expect(past.json()).toEqual({ message: 'label index 2 is out of range: the ZPL holds 2 labels' });
    });

    it('extracts a carrier label', async () => {
      const res = await post(`${base}/8dpmm/labels/4x6/`, fedex, { accept: 'application/json' });
      const fields = res.json().labels[0].fields as Array<{ kind: string; symbology?: string; data: string }>;
      expect(fields.length).toBeGreaterThan(20);
      expect(fields.some((f) => f.kind === 'barcode')).toBe(true);
    });
  });

  describe('PDF on a sheet', () => {
    it('lays labels out on A4, 2 × 3, one page for up to six labels', async () => {
      const res = await post(`${base}/8dpmm/labels/4x6/`, twoLabels, {
        accept: 'application/pdf',
        'x-page-size': 'A4',
        'x-page-layout': '2x3',
        'x-label-border': 'Dashed',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const doc = await PDFDocument.load(res.rawPayload);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    });

    it('turns the page for Landscape and starts a new page when a page is full', async () => {
      const res = await post(`${base}/8dpmm/labels/4x6/`, twoLabels, {
        accept: 'application/pdf',
        'x-page-size': 'letter',
        'x-page-orientation': 'Landscape',
        'x-page-align': 'Justify',
        'x-page-vertical-align': 'Center',
      });
      const doc = await PDFDocument.load(res.rawPayload);
      expect(doc.getPageCount()).toBe(2);
      expect(doc.getPage(1).getSize()).toEqual({ width: 792, height: 612 });
    });

    it('answers a different document per border and keeps the plain PDF without sheet headers', async () => {
      const headers = { accept: 'application/pdf', 'x-page-size': 'A6' };
      const none = await post(`${base}/8dpmm/labels/4x6/0`, fedex, headers);
      const solid = await post(`${base}/8dpmm/labels/4x6/0`, fedex, { ...headers, 'x-label-border': 'Solid' });
      expect(none.rawPayload.equals(solid.rawPayload)).toBe(false);
      expect((await PDFDocument.load(none.rawPayload)).getPage(0).getSize()).toEqual({ width: 297.64, height: 419.53 });
      const plain = await post(`${base}/8dpmm/labels/4x6/0`, fedex, { accept: 'application/pdf' });
      expect((await PDFDocument.load(plain.rawPayload)).getPage(0).getSize()).toEqual({ width: 288, height: 432 });
    });

    it.each([
      [{ 'x-page-size': 'A3' }, 'invalid X-Page-Size "A3": use one of Letter, A4, A5, A6, Legal'],
      [
        { 'x-page-size': 'A4', 'x-page-layout': '2by3' },
        'invalid X-Page-Layout "2by3": use <columns>x<rows>, e.g. 2x3, at most 100 labels a page',
      ],
      [
        { 'x-page-size': 'A4', 'x-label-border': 'Dotted' },
        'invalid X-Label-Border "Dotted": use one of None, Dashed, Solid',
      ],
      [
        { 'x-page-size': 'A4', 'x-page-orientation': 'Up' },
        'invalid X-Page-Orientation "Up": use one of Portrait, Landscape',
      ],
      [
        { 'x-page-size': 'A4', 'x-page-align': 'Middle' },
        'invalid X-Page-Align "Middle": use one of Left, Center, Right, Justify',
      ],
      [
        { 'x-page-size': 'A4', 'x-page-vertical-align': 'Middle' },
        'invalid X-Page-Vertical-Align "Middle": use one of Top, Center, Bottom, Justify',
      ],
      [{ 'x-page-layout': '2x3' }, 'X-Page-Size is required with the other X-Page-* and X-Label-Border headers'],
    ])('answers 400 for %j', async (headers, message) => {
      const res = await post(`${base}/8dpmm/labels/4x6/`, fedex, { accept: 'application/pdf', ...headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    });
  });

  describe('X-Quality', () => {
    it('Bitonal answers only black and white pixels', async () => {
      const zpl = '^XA^FO20,20^A0N,60,60^FDShipping Lab^FS^FO20,120^GC80,3^FS^XZ';
      const gray = decodeGray((await post(`${base}/8dpmm/labels/2x1/`, zpl)).rawPayload);
      const res = await post(`${base}/8dpmm/labels/2x1/`, zpl, { 'x-quality': 'Bitonal' });
      expect(res.statusCode).toBe(200);
      const bitonal = decodeGray(res.rawPayload);
      expect([bitonal.width, bitonal.height]).toEqual([gray.width, gray.height]);
      expect(bitonal.gray.every((v) => v === 0 || v === 255)).toBe(true);
      expect(bitonal.gray.some((v) => v === 0)).toBe(true);
      const grayscale = await post(`${base}/8dpmm/labels/2x1/`, zpl, { 'x-quality': 'Grayscale' });
      expect(Buffer.from(decodeGray(grayscale.rawPayload).gray).equals(Buffer.from(gray.gray))).toBe(true);
    });

    it('answers 400 for an unknown quality', async () => {
      const res = await post(`${base}/8dpmm/labels/4x6/`, fedex, { 'x-quality': 'Color' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'invalid X-Quality "Color": use one of Grayscale, Bitonal' });
    });
  });

  describe('POST /labels/v1/graphics', () => {
    const url = '/lab/api/labels/v1/graphics';

    it('answers the ZPL of a label holding the image as ^GFA', async () => {
      const form = multipart([{ name: 'file', value: halfBlackPng(), filename: 'logo.png' }]);
      const res = await post(url, form.body, { 'content-type': form.contentType });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['x-graphic-width']).toBe('40');
      expect(res.headers['x-graphic-height']).toBe('20');
      expect(res.body).toBe('^XA^FO0,0^GFA,100,100,5,KF,:::::::::::::::::::^FS^XZ');
    });

    it('takes options as form fields and answers JSON on request', async () => {
      const form = multipart([
        { name: 'file', value: halfBlackPng(), filename: 'logo.png' },
        { name: 'width', value: '80' },
        { name: 'encoding', value: 'z64' },
        { name: 'dither', value: 'floyd-steinberg' },
      ]);
      const res = await post(url, form.body, { 'content-type': form.contentType, accept: 'application/json' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ widthDots: 80, heightDots: 40, bytesPerRow: 10, totalBytes: 400 });
      expect(body.zpl).toBe(`^XA^FO0,0${body.command}^FS^XZ`);
      const data = (body.command as string).split(',').slice(4).join(',');
      const decoded = decodeGraphicData(data, 10);
      expect(decoded.ok && decoded.bytes.length).toBe(400);
    });

    it('renders the converted logo', async () => {
      const form = multipart([{ name: 'file', value: halfBlackPng(), filename: 'logo.png' }]);
      const zpl = (await post(url, form.body, { 'content-type': form.contentType })).body;
      const png = decodeGray((await post(`${base}/8dpmm/labels/1x1/`, zpl)).rawPayload);
      expect(png.gray[5 * png.width + 5]).toBeLessThan(128);
      expect(png.gray[5 * png.width + 30]).toBeGreaterThan(128);
    });

    it('answers 400 without a file or with a bad option, 415 for what is not an image', async () => {
      const noFile = multipart([{ name: 'width', value: '80' }]);
      const a = await post(url, noFile.body, { 'content-type': noFile.contentType });
      expect(a.statusCode).toBe(400);
      expect(a.json()).toEqual({ message: GRAPHIC_NO_FILE_MESSAGE });
      const badOption = multipart([
        { name: 'file', value: halfBlackPng(), filename: 'logo.png' },
        { name: 'encoding', value: 'b64' },
      ]);
      const b = await post(url, badOption.body, { 'content-type': badOption.contentType });
      expect(b.statusCode).toBe(400);
      expect(b.json().message).toMatch(/^encoding: /);
      const gif = multipart([{ name: 'file', value: Buffer.from('GIF89a........'), filename: 'logo.gif' }]);
      const c = await post(url, gif.body, { 'content-type': gif.contentType });
      expect(c.statusCode).toBe(415);
      expect(c.json()).toEqual({ message: 'the file is not a PNG, JPEG or BMP image' });
    });

    it('is in the OpenAPI document', async () => {
      const spec = (await t.app.inject('/lab/api/openapi.json')).json();
      expect(Object.keys(spec.paths)).toContain('/lab/api/labels/v1/graphics');
    });
  });
});
