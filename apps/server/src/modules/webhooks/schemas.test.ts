import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceDir } from '../../paths.js';
import { buildTestApp, runLab, dialectsFor, type TestApp } from '../../test/helpers.js';
import { ENVELOPE_SCHEMA_NAME } from './payloadSchemas.js';

const TRACKING = path.join(referenceDir, 'carrier-openapi', 'track--TrackingNumbers-Resource.json');

// Dialect-neutral: the map is built from documents read through the OpenAPI store, whose SQL and
// import the openapi suite covers on both dialects.
describe.each(dialectsFor('dialect-neutral'))(
  'webhook schema map from the imported tracking documents (%s)',
  (dialect) => {
    let t: TestApp;

    beforeAll(async () => {
      // No WEBHOOK_SCHEMA_OPENAPI_FILE: the schemas come from the OpenAPI store.
      t = await buildTestApp(dialect, { openApiRecheckMs: 0 });
    });
    afterAll(() => t.close());

    it('serves the envelope alone until a tracking document is imported, then its schemas too', async () => {
      const before = (await t.app.inject('/lab/api/webhooks/schemas')).json() as Record<string, unknown>;
      expect(Object.keys(before)).toEqual([ENVELOPE_SCHEMA_NAME]);

      const run = await runLab(['import', 'carrier-openapi', TRACKING], { database: t.config.database });
      expect(run.code).toBe(0);
      const map = (await t.app.inject('/lab/api/webhooks/schemas')).json() as Record<string, Record<string, any>>;
      const names = Object.keys(map);
      expect(names[0]).toBe(ENVELOPE_SCHEMA_NAME);
      expect(names).toContain('TrackingNumbersResponse');
      expect(names).toContain('ScanEvent');
      expect(JSON.stringify(map).includes('#/components/schemas/')).toBe(false);
      for (const [name, schema] of Object.entries(map)) {
        for (const ref of JSON.stringify(schema).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)) {
          expect(schema.$defs?.[ref[1]!], `${name} → ${ref[1]}`).toBeDefined();
        }
      }
    }, 60_000);
  },
);
