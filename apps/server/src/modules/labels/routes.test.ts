import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { buildTestApp } from '../../test/helpers.js';
import { suiteApp } from '../../test/suiteFixtures.js';
import { corpusFile, LABELS_BASE, postLabel } from '../../test/labels.js';
import { multipart } from '../../test/multipart.js';
import { decodeGray } from '../../images/decode.js';
import { labelsModule } from './index.js';
import { rotateGray } from './images.js';
import { EMPTY_BODY_MESSAGE } from './labelBody.js';
import { chooseFormat } from './routes.js';

const fedex = corpusFile('fedex.zpl');
const twoLabels = corpusFile('pnldpd.zpl');
const base = LABELS_BASE;

/** A multipart body with the label as the file of `field`. */
const labelForm = (field: string, content: Buffer) =>
  multipart([{ name: field, value: content, filename: 'label.zpl' }]);

// The label service keeps no data: one SQLite app is enough (no dialect-specific code here).
describe('label conversion service', () => {
  const t = suiteApp('sqlite', { labelBodyLimitBytes: 64 * 1024 });

  const post = (url: string, payload: Buffer | string, headers: Record<string, string> = {}) =>
    postLabel(t.app, url, payload, headers);

  it('renders a 4x6 label at 8 dpmm to PNG by default, with the label count', async () => {
    const res = await post(`${base}/8dpmm/labels/4x6/0/`, fedex);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-total-count']).toBe('1');
    const img = decodeGray(res.rawPayload);
    expect([img.width, img.height]).toEqual([813, 1220]);
    expect(img.gray.some((v) => v < 128)).toBe(true);
  });

  it('answers a repeat from the cache', async () => {
    const first = await post(`${base}/8dpmm/labels/4x6/0/`, fedex);
    const again = await post(`${base}/8dpmm/labels/4x6/0/`, fedex);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('takes the ZPL as text/plain, without a content type, or as the multipart field "file"', async () => {
    const reference = (await post(`${base}/8dpmm/labels/4x6/`, fedex)).rawPayload;
    const plain = await post(`${base}/8dpmm/labels/4x6/`, fedex, { 'content-type': 'text/plain; charset=utf-8' });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.equals(reference)).toBe(true);
    const none = await t.app.inject({ method: 'POST', url: `${base}/8dpmm/labels/4x6/`, payload: fedex });
    expect(none.statusCode).toBe(200);
    const form = labelForm('file', fedex);
    const viaForm = await post(`${base}/8dpmm/labels/4x6/`, form.body, { 'content-type': form.contentType });
    expect(viaForm.statusCode).toBe(200);
    expect(viaForm.rawPayload.equals(reference)).toBe(true);
  });

  it('sizes the image by density and size', async () => {
    const res = await post(`${base}/12dpmm/labels/2x1.5`, '^XA^FO20,20^GB100,100,100^FS^XZ');
    expect(res.statusCode).toBe(200);
    const img = decodeGray(res.rawPayload);
    expect([img.width, img.height]).toEqual([610, 458]);
  });

  it('pages through a multi-label ZPL and says how many labels it holds', async () => {
    const first = await post(`${base}/8dpmm/labels/4x6/0`, twoLabels);
    const second = await post(`${base}/8dpmm/labels/4x6/1`, twoLabels);
    expect(first.headers['x-total-count']).toBe('2');
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false);
    const past = await post(`${base}/8dpmm/labels/4x6/2`, twoLabels);
    expect(past.statusCode).toBe(404);
    expect(past.headers['x-total-count']).toBe('2');
    expect(past.json()).toEqual({ message: 'label index 2 is out of range: the ZPL holds 2 labels' });
  });

  it('answers a PDF with one page per label of the size asked, or the one label indexed', async () => {
    const all = await post(`${base}/8dpmm/labels/4x6/`, twoLabels, { accept: 'application/pdf' });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('application/pdf');
    expect(all.headers['x-total-count']).toBe('2');
    const doc = await PDFDocument.load(all.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });

    const one = await post(`${base}/8dpmm/labels/4x6.75/1/`, twoLabels, { accept: 'application/pdf' });
    const single = await PDFDocument.load(one.rawPayload);
    expect(single.getPageCount()).toBe(1);
    expect(single.getPage(0).getSize()).toEqual({ width: 288, height: 486 });

    const turned = await post(`${base}/8dpmm/labels/4x6/0/`, fedex, { accept: 'application/pdf', 'x-rotation': '90' });
    expect((await PDFDocument.load(turned.rawPayload)).getPage(0).getSize()).toEqual({ width: 432, height: 288 });
  });

  it('rotates: 180 is the 0° image turned around, 90 and 270 swap the sides', async () => {
    const upright = decodeGray((await post(`${base}/8dpmm/labels/4x6/0/`, fedex)).rawPayload);
    const res = await post(`${base}/8dpmm/labels/4x6/0/`, fedex, { 'x-rotation': '180' });
    expect(res.statusCode).toBe(200);
    const turned = decodeGray(res.rawPayload);
    expect([turned.width, turned.height]).toEqual([upright.width, upright.height]);
    expect(Buffer.from(turned.gray).equals(Buffer.from(rotateGray(upright, 180).gray))).toBe(true);

    const quarter = decodeGray((await post(`${base}/8dpmm/labels/4x6/0/`, fedex, { 'x-rotation': '90' })).rawPayload);
    expect([quarter.width, quarter.height]).toEqual([1220, 813]);
    expect(Buffer.from(quarter.gray).equals(Buffer.from(rotateGray(upright, 90).gray))).toBe(true);
    const threeQuarters = decodeGray(
      (await post(`${base}/8dpmm/labels/4x6/0/`, fedex, { 'x-rotation': '270' })).rawPayload,
    );
    expect(Buffer.from(rotateGray(threeQuarters, 90).gray).equals(Buffer.from(upright.gray))).toBe(true);
  });

  it.each([
    [
      'dpmm',
      `${base}/10dpmm/labels/4x6/0/`,
      'params.dpmm: unsupported print density "10dpmm": use one of 6dpmm, 8dpmm, 12dpmm, 24dpmm',
    ],
    [
      'size',
      `${base}/8dpmm/labels/4by6/0/`,
      'params.size: invalid label size "4by6": use <width>x<height> in inches, e.g. 4x6',
    ],
    [
      'a size past 15 in',
      `${base}/8dpmm/labels/4x15.5/0/`,
      'params.size: invalid label size "4x15.5": width and height must be greater than 0 and at most 15 inches',
    ],
    ['index', `${base}/8dpmm/labels/4x6/-1/`, 'params.index: invalid label index "-1": use a whole number from 0'],
  ])('answers 400 for a bad %s', async (_what, url, message) => {
    const res = await post(url, fedex);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('answers 400 for a bad rotation, an empty body or a form without "file"', async () => {
    const rot = await post(`${base}/8dpmm/labels/4x6/0/`, fedex, { 'x-rotation': '45' });
    expect(rot.statusCode).toBe(400);
    expect(rot.json()).toEqual({ message: 'invalid rotation "45": use 0, 90, 180 or 270' });
    const empty = await post(`${base}/8dpmm/labels/4x6/0/`, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: EMPTY_BODY_MESSAGE });
    const form = labelForm('label', fedex);
    const noFile = await post(`${base}/8dpmm/labels/4x6/0/`, form.body, { 'content-type': form.contentType });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ message: 'the multipart/form-data body has no field named "file"' });
  });

  it('answers 406 when neither PNG, PDF nor JSON is acceptable', async () => {
    const res = await post(`${base}/8dpmm/labels/4x6/0/`, fedex, { accept: 'text/html' });
    expect(res.statusCode).toBe(406);
    expect(res.json()).toEqual({
      message: 'cannot answer Accept "text/html": use image/png, application/pdf or application/json',
    });
  });

  it('answers 413 for a body over the limit, raw or multipart', async () => {
    const big = Buffer.alloc(64 * 1024 + 1, 0x41);
    const raw = await post(`${base}/8dpmm/labels/4x6/0/`, big);
    expect(raw.statusCode).toBe(413);
    expect(raw.json().message).toMatch(/too large/i);
    const form = labelForm('file', big);
    const viaForm = await post(`${base}/8dpmm/labels/4x6/0/`, form.body, { 'content-type': form.contentType });
    expect(viaForm.statusCode).toBe(413);
  });

  it('answers 422 with the renderer message for ZPL it cannot render', async () => {
    const bad = await post(`${base}/8dpmm/labels/4x6/0/`, '^XA^FO50,50^BQN,2,10^FDMM^FS^XZ');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: 'Error rendering: error rendering label 0: failed to draw zpl element: invalid qr barcode data',
    });
    const notZpl = await post(`${base}/8dpmm/labels/4x6/0/`, 'hello, this is not a label');
    expect(notZpl.statusCode).toBe(422);
    expect(notZpl.json()).toEqual({ message: 'Error rendering: no labels parsed' });
  });

  it('says a label the engine fails on could not be rendered, names the last command it read, keeps its message as detail', async () => {
    const poison = '^XA\n^FO10,10^A0N,30,30^FDok^FS\n^FO10,60^GFA,0,0,0,^FS\n^XZ';
    for (const url of [`${base}/8dpmm/labels/4x6/0/`, `${base}/8dpmm/labels/4x6/check`]) {
      const res = await post(url, poison);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message:
          'The label could not be rendered: the engine failed after ^GF at line 3, column 9 (the last command it read)',
        code: 'label-not-rendered',
        detail: 'Unexpected error: runtime error: integer divide by zero',
        lastCommand: { name: '^GF', text: '^GFA,0,0,0,', offset: 39, line: 3, column: 9 },
      });
    }
  });

  it('publishes the routes in the OpenAPI document and the service URL in the client config', async () => {
    const spec = (await t.app.inject('/lab/api/openapi.json')).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/lab/api/labels/v1/printers/{dpmm}/labels/{size}/{index}',
        '/lab/api/labels/v1/printers/{dpmm}/labels/{size}',
      ]),
    );
    expect((await t.app.inject('/lab/api/config')).json().labelServiceUrl).toBe('/lab/api/labels');
  });
});

describe('render time limit', () => {
  const t = suiteApp('sqlite', { labelRenderTimeoutMs: 1, labelWorkers: 1 });

  it('stops a render that runs past the limit and answers 422 instead of hanging', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${base}/8dpmm/labels/4x6/`, payload: fedex });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'rendering took longer than 1 ms and was stopped' });
  });
});

describe('an external label service', () => {
  it('is handed to the web app and allowed by the Content-Security-Policy', async () => {
    const t = await buildTestApp('sqlite', { labelServiceUrl: 'https://labels.example.test/api' });
    try {
      const res = await t.app.inject('/lab/api/config');
      expect(res.json().labelServiceUrl).toBe('https://labels.example.test/api');
      expect(res.headers['content-security-policy']).toMatch(/connect-src 'self' https:\/\/labels\.example\.test[ ;]/);
    } finally {
      await t.close();
    }
  });

  it('must be a path or an http(s) URL', () => {
    expect(() => loadConfig({ LABEL_SERVICE_URL: 'ftp://x' }, {}, [labelsModule])).toThrow(
      'LABEL_SERVICE_URL: LABEL_SERVICE_URL must be a path on this site (/…) or an http(s) URL',
    );
    expect(loadConfig({ LABEL_SERVICE_URL: 'https://labels.example.test/' }, {}, [labelsModule]).labelServiceUrl).toBe(
      'https://labels.example.test',
    );
  });
});

describe('chooseFormat', () => {
  it('reads Accept with quality values', () => {
    expect(chooseFormat(undefined)).toBe('png');
    expect(chooseFormat('*/*')).toBe('png');
    expect(chooseFormat('application/pdf')).toBe('pdf');
    expect(chooseFormat('image/png;q=0.5, application/pdf')).toBe('pdf');
    expect(chooseFormat('application/pdf;q=0.2, image/*;q=0.9')).toBe('png');
    expect(chooseFormat('application/pdf;q=0')).toBeUndefined();
    expect(chooseFormat('text/html')).toBeUndefined();
    expect(chooseFormat('application/json')).toBe('json');
  });
});
