import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeExpressTracking } from '../../shipping/tracking.js';
import { analyzeZpl, type ZplLabelData } from '../zpl/analyze.js';
import {
  checkLabel,
  checkShipment,
  code128WidthDots,
  decodedOnly,
  expectedSymbol,
  minimumModuleDots,
  mod10CheckDigit,
  noteText,
  shipmentExpectation,
  symbologyOfFormat,
  UNREAD_SYMBOLOGIES,
  type DecodedSymbol,
} from './index.js';

const label = (zpl: string): ZplLabelData => analyzeZpl(zpl, { symbols: true }).labels[0]!;
const field = (zpl: string) => label(zpl).fields.find((f) => f.kind === 'barcode')!;
const expected = (zpl: string) => expectedSymbol(field(zpl))!.text;
const printer = { dpmm: 8, widthDots: 813, heightDots: 1220 } as const;

describe('what a scanner reads from a field', () => {
  it('computes GS1 mod 10 check digits', () => {
    expect(mod10CheckDigit('590123412345')).toBe(7);
    expect(mod10CheckDigit('9632080400200044387')).toBe(4);
    expect(mod10CheckDigit('12345678901')).toBe(2);
  });

  it('Code 128: invocation codes, UCC case mode, GS1 mode, automatic mode', () => {
    expect(expected('^XA^FO0,0^BCN^FD>;123456^FS^XZ')).toBe('123456');
    expect(expected('^XA^FO0,0^BCN^FD>:AB>5123456>6CD^FS^XZ')).toBe('AB123456CD');
    expect(expected('^XA^FO0,0^BCN^FD>8ABC>8DEF^FS^XZ')).toBe('ABC\x1dDEF');
    expect(expected('^XA^FO0,0^BCN^FDa><b>=c^FS^XZ')).toBe('a>b~c');
    expect(expected('^XA^FO0,0^BCN,,,,,U^FD9632080400200044387502171053828143^FS^XZ')).toBe('96320804002000443874');
    expect(expected('^XA^FO0,0^BCN,,,,,D^FD(420)12345>891234^FS^XZ')).toBe('42012345\x1d91234');
    expect(expected('^XA^FO0,0^BCN,,,,,A^FD>;123^FS^XZ')).toBe('>;123');
  });

  it('check digits the printer adds: EAN-13, EAN-8, UPC-A, Interleaved 2 of 5', () => {
    expect(expected('^XA^FO0,0^BEN^FD590123412345^FS^XZ')).toBe('5901234123457');
    // A wrong 13th digit is replaced by the right one, as the printer does.
    expect(expected('^XA^FO0,0^BEN^FD5901234123451^FS^XZ')).toBe('5901234123457');
    expect(expected('^XA^FO0,0^B8N^FD9638507^FS^XZ')).toBe('96385074');
    expect(expected('^XA^FO0,0^BUN^FD03600029145^FS^XZ')).toBe('036000291452');
    expect(expected('^XA^FO0,0^B2N,,,,Y^FD1234^FS^XZ')).toBe('012348');
    expect(expected('^XA^FO0,0^B2N^FD12345^FS^XZ')).toBe('012345');
  });

  it('QR code mode prefixes, Data Matrix escapes', () => {
    expect(expected('^XA^FO0,0^BQN,2,4^FDQA,HELLO^FS^XZ')).toBe('HELLO');
    expect(expected('^XA^FO0,0^BQN,2,4^FDHM,B0005HELLO^FS^XZ')).toBe('HELLO');
    expect(expected('^XA^FO0,0^BQN,2,4^FDMM,N12345^FS^XZ')).toBe('12345');
    expect(expected('^XA^FO0,0^BXN,4,200,,,,_^FD_142000000_19261^FS^XZ')).toBe('42000000\x1d9261');
    expect(expected('^XA^FO0,0^BXN,4,200^FDA~d065~~B^FS^XZ')).toBe('AA~B');
  });

  it('property: subset C digit pairs read back as the digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^(\d\d){1,20}$/), (digits) => {
        expect(expected(`^XA^FO0,0^BCN^FD>;${digits}^FS^XZ`)).toBe(digits);
      }),
    );
  });

  it('property: an EAN-13 a printer draws always carries a valid check digit', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12,13}$/), (digits) => {
        const text = expected(`^XA^FO0,0^BEN^FD${digits}^FS^XZ`);
        expect(text).toHaveLength(13);
        expect(Number(text[12])).toBe(mod10CheckDigit(text.slice(0, 12)));
      }),
    );
  });
});

describe('checkLabel', () => {
  const zpl = '^XA^PW600^FO100,100^BY3^BCN,100^FD>;123456^FS^FO100,400^BQN,2,5^FDQA,HELLO^FS^XZ';
  const code128: DecodedSymbol = {
    symbology: 'Code 128',
    text: '123456',
    box: { x: 110, y: 100, width: 200, height: 100 },
  };
  const qr: DecodedSymbol = { symbology: 'QR Code', text: 'HELLO', box: { x: 110, y: 410, width: 105, height: 105 } };

  it('matches each symbol to the field that drew it and passes', () => {
    const result = checkLabel(label(zpl), [qr, code128], printer);
    expect(result.verdict).toBe('pass');
    expect(result.symbols.map((s) => [s.symbology, s.text, s.field?.data, s.verdict, s.warnings])).toEqual([
      ['Code 128', '123456', '>;123456', 'pass', []],
      ['QR Code', 'HELLO', 'QA,HELLO', 'pass', []],
    ]);
  });

  it('fails a symbol that decodes differently, and a field whose symbol did not decode', () => {
    const result = checkLabel(label(zpl), [{ ...code128, text: '123457' }], printer);
    expect(result.verdict).toBe('fail');
    expect(result.symbols[0]).toMatchObject({
      verdict: 'fail',
      warnings: ['decoded "123457" but the field should give "123456"'],
    });
    expect(result.symbols[1]).toMatchObject({
      symbology: 'QR Code',
      text: null,
      box: null,
      verdict: 'fail',
      warnings: [
        'the QR Code symbol does not decode (clipped by the label edge, overlapped, or its quiet zone covered?)',
      ],
    });
  });

  it('fails a symbol partly outside ^PW, warns one no field draws', () => {
    const wide = { ...code128, box: { ...code128.box, width: 520 } };
    const stray: DecodedSymbol = {
      symbology: 'EAN-13',
      text: '5901234123457',
      box: { x: 300, y: 700, width: 190, height: 80 },
    };
    const result = checkLabel(label(zpl), [wide, qr, stray], printer);
    expect(result.symbols.map((s) => [s.verdict, s.warnings])).toEqual([
      ['fail', ['the symbol lies partly outside the printable area (600 × 1220 dots)']],
      ['pass', []],
      ['warn', ['no bar code field of the ZPL draws this symbol (a graphic?)']],
    ]);
  });

  it('gives each warning as a code and its values, worded in English by noteText', () => {
    const wide = { ...code128, box: { ...code128.box, width: 520 }, text: '123457' };
    const result = checkLabel(label(zpl), [wide], printer);
    expect(result.symbols.map((s) => s.notes)).toEqual([
      [
        { code: 'outsideArea', params: { width: 600, height: 1220 } },
        { code: 'mismatch', params: { text: '123457', expected: '123456' } },
      ],
      [{ code: 'notDecoded', params: { symbology: 'QR Code' } }],
    ]);
    for (const s of result.symbols) expect(s.warnings).toEqual(s.notes.map(noteText));
    expect(noteText({ code: 'unreadSymbology', params: { symbology: 'MSI' } })).toBe(UNREAD_SYMBOLOGIES.MSI);
  });

  it('the narrowest bar a printer prints reliably', () => {
    expect([6, 8, 12, 24].map(minimumModuleDots)).toEqual([2, 2, 3, 5]);
    const result = checkLabel(label('^XA^FO100,100^BY1^BCN,100^FD>;123456^FS^XZ'), [code128], {
      dpmm: 6,
      widthDots: 610,
      heightDots: 914,
    });
    expect(result.symbols[0]).toMatchObject({
      verdict: 'fail',
      warnings: ['the narrow bar is 1 dot (0.17 mm): below the 2 dots a 6 dpmm printer prints reliably'],
    });
  });

  it('estimates a Code 128 width: subset B unless invocation codes choose C', () => {
    expect(code128WidthDots(field('^XA^FO0,0^BY2^BCN^FDABCD^FS^XZ'))).toBe((11 * 6 + 13) * 2);
    expect(code128WidthDots(field('^XA^FO0,0^BY2^BCN^FD>;12345678^FS^XZ'))).toBe((11 * 6 + 13) * 2);
    expect(code128WidthDots(field('^XA^FO0,0^BY2^BCN^FD12345678^FS^XZ'))).toBe((11 * 10 + 13) * 2);
  });

  it('property: the result does not depend on the order the decoder reports symbols in', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray([code128, qr], { minLength: 2, maxLength: 2 }), (symbols) => {
        expect(checkLabel(label(zpl), symbols, printer)).toEqual(checkLabel(label(zpl), [code128, qr], printer));
      }),
    );
  });

  it('an image without ZPL: decoded only', () => {
    expect(decodedOnly([qr, code128])).toEqual({
      verdict: 'pass',
      symbols: [
        {
          symbology: 'Code 128',
          text: '123456',
          box: code128.box,
          field: null,
          verdict: 'pass',
          warnings: [],
          notes: [],
        },
        { symbology: 'QR Code', text: 'HELLO', box: qr.box, field: null, verdict: 'pass', warnings: [], notes: [] },
      ],
    });
  });

  it('names the decoder formats as the ZPL extraction does', () => {
    expect(['Code128', 'QRCode', 'ITF', 'DataMatrix', 'Other'].map(symbologyOfFormat)).toEqual([
      'Code 128',
      'QR Code',
      'Interleaved 2 of 5',
      'Data Matrix',
      'Other',
    ]);
  });
});

describe('the label against its shipment', () => {
  const tracking = completeExpressTracking('79400000001');
  const reply = {
    output: {
      transactionShipments: [
        {
          masterTrackingNumber: tracking,
          serviceType: 'FEDEX_GROUND',
          pieceResponses: [{ trackingNumber: tracking }],
          completedShipmentDetail: { recipient: { address: { postalCode: '38118' } } },
        },
      ],
    },
  };

  it('reads the tracking number, service and recipient postal code from a reply', () => {
    expect(shipmentExpectation(reply)).toEqual({
      trackingNumber: tracking,
      postalCode: '38118',
      service: 'FEDEX_GROUND',
    });
    expect(shipmentExpectation(reply, '794000000025')?.trackingNumber).toBe('794000000025');
    expect(shipmentExpectation({ output: {} })).toBeUndefined();
  });

  it("reads the postal code from the reply's operationalDetail when it names no recipient address", () => {
    const twinReply = {
      output: {
        transactionShipments: [
          {
            masterTrackingNumber: tracking,
            serviceType: 'PRIORITY_OVERNIGHT',
            completedShipmentDetail: { operationalDetail: { postalCode: '90212', countryCode: 'US' } },
          },
        ],
      },
    };
    const expectation = shipmentExpectation(twinReply)!;
    expect(expectation.postalCode).toBe('90212');
    const lines = checkShipment([`[)>\u001e01\u001d0290212\u001d840`, tracking], expectation);
    expect(lines.find((l) => l.item === 'postalCode')).toMatchObject({ ok: true, expected: '90212' });
  });

  it('✓/✗ each item; postal code and service are not required in a symbol', () => {
    const lines = checkShipment([`420 38118`, `>${tracking}`], shipmentExpectation(reply)!);
    expect(lines.map((l) => [l.item, l.ok, l.found])).toEqual([
      ['trackingNumber', true, `>${tracking}`],
      ['checkDigit', true, `>${tracking}`],
      ['postalCode', true, '420 38118'],
      ['service', null, null],
    ]);
    const wrongDigit = checkShipment([], {
      trackingNumber: `${tracking.slice(0, 11)}${(Number(tracking[11]) + 1) % 10}`,
    });
    expect(wrongDigit.map((l) => [l.item, l.ok])).toEqual([
      ['trackingNumber', false],
      ['checkDigit', false],
    ]);
  });
});
