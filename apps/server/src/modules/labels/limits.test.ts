import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config.js';
import { buildTestApp } from '../../test/helpers.js';
import { suiteApp } from '../../test/suiteFixtures.js';
import { LABELS_BASE } from '../../test/labels.js';

const base = LABELS_BASE;

// Limits of the label service (bodies, dots, threads). It keeps no data: SQLite only.
describe('label service limits', () => {
  const t = suiteApp('sqlite', { labelWorkers: 1 });

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

  it('answers the image → ZPL route the same way (found by the fuzz after the routes met)', async () => {
    for (const contentType of ['multipart/form-data; boundary=xyz', 'multipart/form-data']) {
      for (const payload of ['', '{']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/lab/api/labels/v1/graphics',
          headers: { 'content-type': contentType },
          payload,
        });
        expect(res.statusCode, `${contentType} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json().message).toMatch(
          /^(the multipart\/form-data body could not be read: |send the image as the multipart\/form-data field)/,
        );
      }
    }
  });
});

describe('label service limits (dots, deadline, per client)', () => {
  const zpl = (labels: number) => '^XA^FO10,10^A0N,30,30^FDx^FS^XZ'.repeat(labels);

  it('refuses a request that would draw more than LABEL_MAX_DOTS before rendering anything', async () => {
    const t = await buildTestApp('sqlite', { labelWorkers: 1 });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `${base}/24dpmm/labels/15x15`,
        headers: { accept: 'application/pdf' },
        payload: zpl(8),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message:
          'the request would draw 668901888 dots (9144 × 9144 × 8 labels); the limit is 100000000 (LABEL_MAX_DOTS): use a smaller size, density or fewer labels',
      });
    } finally {
      await t.close();
    }
  });

  it('stops a request at its overall deadline (LABEL_REQUEST_DEADLINE_MS) with 422', async () => {
    const t = await buildTestApp('sqlite', { labelWorkers: 1, labelRequestDeadlineMs: 20 });
    try {
      // The thread's start alone (loading the engine) takes longer than 20 ms.
      const res = await t.app.inject({ method: 'POST', url: `${base}/8dpmm/labels/4x6`, payload: zpl(1) });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'the request took longer than 20 ms and was stopped' });
    } finally {
      await t.close();
    }
  });

  // The client is the address when access control is off, the signed-in user when it is on (two
  // people behind one proxy are two clients).
  const clients: { who: string; auth?: AppConfig['auth']; as: (n: number) => Partial<InjectOptions> }[] = [
    { who: 'address', as: (n) => ({ remoteAddress: `10.0.0.${n}` }) },
    {
      who: 'signed-in user',
      auth: { mode: 'proxy', header: 'x-user', proxies: ['10.0.0.9'] },
      as: (n) => ({ remoteAddress: '10.0.0.9', headers: { 'x-user': `user${n}` } }),
    },
  ];
  it.each(clients)(
    'answers 429 past LABEL_MAX_CONCURRENT_PER_CLIENT renders in flight from one client ($who)',
    async ({ auth, as }) => {
      const t = await buildTestApp('sqlite', {
        labelWorkers: 1,
        labelMaxConcurrentPerClient: 1,
        ...(auth ? { auth } : {}),
      });
      try {
        const send = (text: string, client: number) =>
          t.app.inject({
            method: 'POST',
            url: `${base}/8dpmm/labels/2x1`,
            payload: zpl(1).replace('x', text),
            ...as(client),
          });
        const [first, second, other] = await Promise.all([send('a', 1), send('b', 1), send('c', 2)]);
        expect(first.statusCode).toBe(200);
        expect(second.statusCode).toBe(429);
        expect(second.json()).toEqual({
          message: 'too many label renders in flight from this client (at most 1); wait for one to finish',
        });
        expect(other.statusCode).toBe(200);
        expect((await send('d', 1)).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
  );
});
