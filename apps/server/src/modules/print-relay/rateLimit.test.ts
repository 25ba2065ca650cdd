import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildLabApp, buildTestApp, loadLabConfig } from '../../test/helpers.js';

const send = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/lab/api/print-relay/desk/jobs',
    remoteAddress: ip,
    payload: { nodeId: 'REMOTE_AB1', printData: '^XA^XZ' },
  });

describe.runIf(process.env.TEST_DATABASE_URL)('relay rate limits on PostgreSQL', () => {
  it('are counted in the database: two instances share one budget per address', async () => {
    const env = { PRINT_RELAY_LISTEN_IDS: 'desk', PRINT_RELAY_RATE_PER_MINUTE: '4' };
    const a = await buildTestApp('postgres', {}, { env });
    const b = await buildLabApp(
      loadLabConfig({ LOG_LEVEL: 'silent', ...env }, { database: a.config.database, webDistDir: a.config.webDistDir }),
    );
    try {
      for (const app of [a.app, b, a.app, b]) expect((await send(app, '10.9.0.1')).statusCode).toBe(200);
      for (const app of [a.app, b]) {
        const limited = await send(app, '10.9.0.1');
        expect(limited.statusCode).toBe(429);
        expect(limited.json().message).toMatch(/^Rate limit exceeded, retry in /);
      }
      expect((await send(b, '10.9.0.2')).statusCode).toBe(200);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
