import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.js';

describe('the pre-set listen id', () => {
  it('is not published by /print-relay/config when it is meant for the administrator’s own receivers', async () => {
    const t = await buildTestApp(
      'sqlite',
      {},
      { env: { PRINT_RELAY_LISTEN_IDS: 'front-desk', PRINT_RELAY_PRESET_PUBLIC: 'false' } },
    );
    try {
      const res = await t.app.inject('/lab/api/print-relay/config');
      expect(res.statusCode).toBe(200);
      expect(res.json().presetListenId).toBeNull();
      expect(res.body).not.toContain('front-desk');
      // The id still works for whoever was told it.
      const job = await t.app.inject({
        method: 'POST',
        url: '/lab/api/print-relay/front-desk/jobs',
        payload: { nodeId: 'REMOTE_ABC', printData: '^XA^XZ' },
      });
      expect(job.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is published when the administrator shares it for non-sensitive testing (the default)', async () => {
    const t = await buildTestApp('sqlite', {}, { env: { PRINT_RELAY_LISTEN_IDS: 'shared-test' } });
    try {
      expect((await t.app.inject('/lab/api/print-relay/config')).json().presetListenId).toBe('shared-test');
    } finally {
      await t.close();
    }
  });
});
