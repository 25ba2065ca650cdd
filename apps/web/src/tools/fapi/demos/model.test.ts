// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { demoKind } from './model';

/** The demos read whatever a carrier (or a person editing the response) sends: never a crash. */
describe('which demo any JSON gets', () => {
  it('is always one of the five', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(['locations', 'postal', 'shipment', 'failed', 'soon']).toContain(demoKind('locations', value));
      }),
    );
  });
});
