import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialectsFor, type TestApp } from '../../test/helpers.js';

const api = '/lab/api/utils/v1';

// Dialect-neutral: pure calculators behind HTTP routes; no SQL.
describe.each(dialectsFor('dialect-neutral'))('utility calculators on %s', (dialect) => {
  let t: TestApp;
  const post = (path: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `${api}${path}`, payload: payload as object });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  describe('POST /dimweight', () => {
    it('answers weights, girth and freight reasons', async () => {
      const res = await post('/dimweight', { length: '60', width: '40', height: '30', actualweight: '10.2' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        tag: 'success',
        message: { isFreight: false, roundedactwgt: 10.5, roundeddimwgt: 14.5, girth: 140, comments: [] },
      });
      const freight = await post('/dimweight', { length: 300, width: 100, height: 100, actualweight: 80 });
      expect(freight.json()).toEqual({
        tag: 'success',
        message: {
          isFreight: true,
          roundedactwgt: 80,
          roundeddimwgt: 600,
          girth: 400,
          comments: [
            'Actual weight over 68 kg',
            'Dimensional weight over 68 kg',
            'Length over 274 cm',
            'Length + girth over 330 cm',
          ],
        },
      });
    });

    it('answers the tagged error shape for missing or bad values', async () => {
      const missing = await post('/dimweight', { length: '60', width: '40', height: '' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({ tag: 'error', message: 'enter weight & size before search' });
      const bad = await post('/dimweight', { length: 'x', width: 1, height: 1, actualweight: 1 });
      expect(bad.json()).toEqual({ tag: 'error', message: 'length must be a positive decimal number' });
      const wrongType = await post('/dimweight', { length: true, width: 1, height: 1, actualweight: 1 });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toMatchObject({ tag: 'error', message: expect.stringContaining('length') });
    });
  });

  it('answers 400 in the tagged shape for numbers past the screen limits (was a 500 on Infinity)', async () => {
    const res = await post('/dimweight', { length: 1e308, width: 1e308, height: 1e308, actualweight: 1e308 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ tag: 'error', message: 'length must be at most 999' });
  });

  describe('POST /trackingnumber', () => {
    it('answers the previous and next valid numbers', async () => {
      const res = await post('/trackingnumber', { trackingnumber: '271053820006', numberofrange: 2 });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        tag: 'success',
        data: [
          ['271053819995', '271053819984'],
          ['271053820017', '271053820028'],
        ],
      });
    });

    it('defaults to 10 and reports a corrected number for a wrong check digit', async () => {
      const res = await post('/trackingnumber', { trackingnumber: '271053820000' });
      const body = res.json();
      expect(body.data[0]).toHaveLength(10);
      expect(body.data[1]).toHaveLength(10);
      expect(body).toMatchObject({
        tag: 'success',
        corrected: '271053820006',
        message: 'check digit of 271053820000 is wrong: the valid number is 271053820006',
      });
    });

    it('answers the tagged error shape', async () => {
      const empty = await post('/trackingnumber', { trackingnumber: '', numberofrange: 10 });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ tag: 'error', message: 'enter a tracking number' });
      const range = await post('/trackingnumber', { trackingnumber: '271053820006', numberofrange: 101 });
      expect(range.json()).toEqual({
        tag: 'error',
        message: 'number of range must be a whole number from 1 to 100',
      });
      const notJson = await t.app.inject({
        method: 'POST',
        url: `${api}/trackingnumber`,
        payload: '[1]',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toMatchObject({ tag: 'error' });
    });
  });

  describe('POST /ean', () => {
    it('answers the flag and the suggestion', async () => {
      expect((await post('/ean', { ean: '123456784' })).json()).toEqual({
        tag: 'success',
        msg: 'account valid',
        data: [1, '123456784'],
      });
      expect((await post('/ean', { ean: '123456789' })).json()).toEqual({
        tag: 'success',
        msg: 'account invalid',
        data: [0, '123456784'],
      });
    });

    it('answers the tagged error shape with msg', async () => {
      const res = await post('/ean', { ean: '12ab' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        tag: 'error',
        msg: 'account number must be 9 digits',
        message: 'account number must be 9 digits',
      });
      const missing = await post('/ean', {});
      expect(missing.json()).toMatchObject({ tag: 'error', msg: 'enter account number' });
      const wrongType = await post('/ean', { ean: { x: 1 } });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toMatchObject({ tag: 'error', msg: expect.stringContaining('ean') });
    });
  });

  it("answers a body that is not JSON in each route's own error shape, whatever the URL carries", async () => {
    const raw = (url: string) =>
      t.app.inject({ method: 'POST', url, payload: '{"ean": ', headers: { 'content-type': 'application/json' } });
    const dim = await raw(`${api}/dimweight`);
    expect(dim.statusCode).toBe(400);
    expect(Object.keys(dim.json())).toEqual(['tag', 'message']);
    expect(dim.json().tag).toBe('error');
    const ean = await raw(`${api}/ean?x=1`);
    expect(ean.statusCode).toBe(400);
    expect(Object.keys(ean.json())).toEqual(['tag', 'msg', 'message']);
    expect(ean.json().msg).toBe(ean.json().message);
  });

  it('documents the three routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/lab/api/openapi.json' })).json();
    for (const p of ['dimweight', 'trackingnumber', 'ean']) expect(doc.paths).toHaveProperty([`${api}/${p}`]);
  });
});
