// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64, demoKind, extensionOf, readLocations, readPostal, readShipment } from './model';
import { dataUrlToBlob, digitsOnly } from '../forms/payloads';

/** The demos read whatever a carrier (or a person editing the response) sends: never a crash. */
describe('the demo readers on any JSON', () => {
  it('read any value without throwing, and keep only well-typed fields', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const shipment = readShipment(value);
        expect(shipment.labels.every((l) => typeof l.fileName === 'string' && l.fileName.includes('.'))).toBe(true);
        const locations = readLocations(value);
        expect(locations.entries.every((e) => e.lat === undefined || Number.isFinite(e.lat))).toBe(true);
        expect(typeof readPostal(value).countryCode).toBe('string');
        expect(['locations', 'postal', 'shipment', 'failed', 'soon']).toContain(demoKind('locations', value));
      }),
    );
  });

  it('read labels of any shape of piece responses', () => {
    const doc = fc.record(
      {
        docType: fc.constantFrom('PNG', 'PDF', 'ZPLII', 'EPL2', 'png', ''),
        encodedLabel: fc.base64String(),
        url: fc.webUrl(),
        contentType: fc.string(),
      },
      { requiredKeys: [] },
    );
    const piece = fc.record(
      {
        trackingNumber: fc.stringMatching(/^\d{12}$/),
        packageSequenceNumber: fc.integer({ min: 1, max: 99 }),
        packageDocuments: fc.array(doc, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), (pieces) => {
        const model = readShipment({ output: { transactionShipments: [{ pieceResponses: pieces }] } });
        const docs = pieces.reduce((n, p) => n + (p.packageDocuments?.length ?? 0), 0);
        expect(model.labels).toHaveLength(docs);
        for (const l of model.labels) {
          expect(l.fileName).toMatch(new RegExp(`\\.${extensionOf(l.docType)}$`));
          if (l.encoded) expect(() => decodeBase64(l.encoded!)).not.toThrow();
        }
      }),
    );
  });
});

describe('the form inputs', () => {
  it('keep at most n digits of anything typed', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 20 }), (typed, max) => {
        const kept = digitsOnly(typed, max);
        expect(kept).toMatch(/^\d*$/);
        expect(kept.length).toBeLessThanOrEqual(max);
        expect(typed.replace(/\D/g, '').startsWith(kept)).toBe(true);
      }),
    );
  });

  it('turn a base64 data URL back into its exact bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), async (bytes) => {
        const b64 = btoa(String.fromCharCode(...bytes));
        const blob = dataUrlToBlob(`data:image/png;base64,${b64}`);
        expect(blob.type).toBe('image/png');
        expect(blob.size).toBe(bytes.length);
      }),
    );
  });
});
