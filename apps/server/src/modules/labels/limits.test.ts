import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

const base = '/lab/api/labels/v1/printers';

// Limits of the label service (bodies, dots, threads). It keeps no data: SQLite only.
describe('label service limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { labelWorkers: 1 });
  });
  afterAll(async () => t?.close());

  it('answers 400 with a message when a multipart content type carries no multipart body', async () => {
    for (const contentType of ['multipart/form-data; boundary=xyz', 'multipart/form-data']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/8dpmm/labels/4x6`,
        headers: { 'content-type': contentType },
        payload: '^XA^FO50,50^FDHi^FS^XZ',
      });
      expect(res.statusCode, contentType).toBe(400);
      expect(res.json().message).toMatch(/^the multipart\/form-data body could not be read: /);
    }
  });
});
