import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountBody, allowedCarriers, digitsOnly, fillUploadForm, imageDocument, tradeDocument } from './index.js';

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
});

describe('what the forms send and read', () => {
  it('sends the account number as billing validate wants it', () => {
    expect(accountBody('740561075')).toEqual({ accountNumber: { value: '740561075' } });
  });

  it('replaces every underscore of the allowed carriers', () => {
    expect(allowedCarriers({ output: { allowedCarriers: ['FEDEX_GROUND_ECONOMY', 3, 'X'] } })).toEqual([
      'FEDEX GROUND ECONOMY',
      'X',
    ]);
    expect(allowedCarriers({})).toEqual([]);
  });

  it('builds the trade document field: carrier, tracking and date only post-shipment', () => {
    const base = {
      carrierCode: 'FDXE',
      trackingNumber: '794791292805',
      shipmentDate: '2026-01-02',
      originCountryCode: 'cn',
      destinationCountryCode: 'us',
      shipDocumentType: 'OTHER',
      contentType: 'JPG' as const,
      fileName: 'a.jpg',
    };
    expect(tradeDocument({ ...base, workflowName: 'ETDPreshipment' })).toEqual({
      workflowName: 'ETDPreshipment',
      name: 'a.jpg',
      contentType: 'image/jpeg',
      meta: { shipDocumentType: 'OTHER', originCountryCode: 'CN', destinationCountryCode: 'US' },
    });
    expect(tradeDocument({ ...base, workflowName: 'ETDPostshipment' })).toMatchObject({
      carrierCode: 'FDXE',
      meta: { trackingNumber: '794791292805', shipmentDate: '2026-01-02T00:00:00' },
    });
  });

  it('builds the image field and the multipart body of an upload', () => {
    const document = imageDocument({
      imageIndex: 'IMAGE_2',
      imageType: 'LETTERHEAD',
      referenceId: 'LH',
      contentType: 'GIF',
      fileName: 'lh.gif',
    });
    expect(document).toEqual({
      referenceId: 'LH',
      name: 'lh.gif',
      contentType: 'image/gif',
      rules: { workflowName: 'LetterheadSignature' },
      meta: { imageType: 'LETTERHEAD', imageIndex: 'IMAGE_2' },
    });
    const parts: unknown[][] = [];
    fillUploadForm({ append: (...part: unknown[]) => parts.push(part) }, document, 'FILE', 'lh.gif');
    expect(parts).toEqual([
      ['document', JSON.stringify(document)],
      ['attachment', 'FILE', 'lh.gif'],
    ]);
  });
});
