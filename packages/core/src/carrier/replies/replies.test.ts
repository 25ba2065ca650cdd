import fc from 'fast-check';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { decodeBase64, extensionOf, readLocations, readPostal, readShipment, zipName, zipShipment } from './index.js';

/** The demos read whatever a carrier (or a person editing the response) sends: never a crash. */
describe('the answer readers on any JSON', () => {
  it('read any value without throwing, and keep only well-typed fields', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const shipment = readShipment(value);
        expect(shipment.labels.every((l) => typeof l.fileName === 'string' && l.fileName.includes('.'))).toBe(true);
        const locations = readLocations(value);
        expect(locations.entries.every((e) => e.lat === undefined || Number.isFinite(e.lat))).toBe(true);
        expect(typeof readPostal(value).countryCode).toBe('string');
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

describe('the shipment zip', () => {
  it('holds every encoded label and document under its file name; URL-only ones are left out', async () => {
    const model = readShipment({
      output: {
        transactionShipments: [
          {
            masterTrackingNumber: '794000000011',
            pieceResponses: [
              {
                trackingNumber: '794000000011',
                packageDocuments: [{ docType: 'ZPLII', encodedLabel: btoa('^XA^XZ') }],
              },
              { trackingNumber: '794000000022', packageDocuments: [{ docType: 'PDF', url: 'https://x/label.pdf' }] },
            ],
            shipmentDocuments: [{ contentType: 'COMMERCIAL_INVOICE', docType: 'PDF', encodedLabel: btoa('%PDF') }],
          },
        ],
      },
    });
    const zip = await zipShipment(model);
    expect(zip.count).toBe(2);
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files).sort()).toEqual(['commercial_invoice_794000000011.pdf', 'label_1_794000000011.zpl']);
    expect(new TextDecoder().decode(files['label_1_794000000011.zpl'])).toBe('^XA^XZ');
    expect(zipName(model)).toBe('shipment_794000000011.zip');
  });
});
