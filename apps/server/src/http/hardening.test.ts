import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDialects, type TestApp } from '../test/helpers.js';

describe.each(testDialects)('hardening on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('takes a safe client x-request-id as the request id and replaces an unsafe one', async () => {
    const safe = await t.app.inject({ url: '/lab/api/health', headers: { 'x-request-id': 'abc-123.X_y:z' } });
    expect(safe.headers['x-request-id']).toBe('abc-123.X_y:z');
    for (const bad of ['evil\nline', '\u0000', 'a b', 'x'.repeat(129), '']) {
      const res = await t.app.inject({ url: '/lab/api/health', headers: { 'x-request-id': bad } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(200);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('answers HEAD on the realtime route at once, without subscribing', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/lab/api/realtime?topics=webhooks/x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(res.body).toBe('');
  });
});
