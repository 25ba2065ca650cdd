import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { jsonDepth, MAX_JSON_DEPTH } from './json.js';

/** The nesting depth of a parsed JSON value (a scalar is 0). */
const depthOf = (v: unknown): number =>
  v !== null && typeof v === 'object' ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;

describe('JSON nesting depth', () => {
  it('measures the depth of any JSON text, strings and escapes included', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => {
        const text = JSON.stringify(value);
        expect(jsonDepth(text, 1_000)).toBe(depthOf(value));
      }),
    );
    expect(jsonDepth('{"a":"[[[{{{\\"]]"}', 10)).toBe(1);
  });

  describe('in the shared body parsing', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('sqlite');
    });
    afterAll(() => t.close());

    it('answers JSON nested past the limit with 400 in the route’s own shape', async () => {
      const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
      const calc = await t.app.inject({
        method: 'POST',
        url: '/lab/api/utils/v1/dimweight',
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(calc.statusCode).toBe(400);
      expect(calc.json()).toEqual({
        tag: 'error',
        message: `the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`,
      });
      const sim = await t.app.inject({
        method: 'POST',
        url: '/lab/sim/stratus/stratus/v1/order',
        headers: { 'content-type': 'application/json' },
        payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      });
      expect(sim.statusCode).toBe(400);
      expect(sim.json()).toEqual({ Message: `the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels` });
    });
  });
});
