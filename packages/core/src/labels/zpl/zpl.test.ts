import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyzeZpl,
  commandSpec,
  decodeFieldHex,
  extractZplData,
  formatWarningsHeader,
  lintZpl,
  parseZpl,
  positionOfByte,
  type ZplCommand,
} from './index.js';

const corpus = path.resolve(__dirname, '../../../../../../shared/reference/zpl-corpus');
const corpusFiles = fs
  .readdirSync(corpus)
  .filter((f) => f.endsWith('.zpl'))
  .sort();

const commands = (zpl: string) => parseZpl(zpl).tokens.filter((t): t is ZplCommand => t.type === 'command');

describe('parseZpl', () => {
  it('reads commands, parameters and byte offsets', () => {
    const [xa, fo, a, fd, fs_, xz] = commands('^XA^FO10, 20^A0N,30,25^FDHi, there^FS^XZ');
    expect(xa).toMatchObject({ name: '^XA', offset: 0, length: 3, params: [] });
    expect(fo).toMatchObject({ name: '^FO', offset: 3, length: 9 });
    expect(fo!.params).toEqual([
      { text: '10', offset: 6, length: 2 },
      { text: '20', offset: 10, length: 2 },
    ]);
    expect(a!.params.map((p) => p.text)).toEqual(['0', 'N', '30', '25']);
    expect(fd!.params).toEqual([{ text: 'Hi, there', offset: 25, length: 9 }]);
    expect([fs_!.name, xz!.name]).toEqual(['^FS', '^XZ']);
  });

  it('counts offsets in bytes for UTF-8 text', () => {
    const [, fd, fs_] = commands('^XA^FDGrüße^FS^XZ');
    expect(fd!.params[0]).toEqual({ text: 'Grüße', offset: 6, length: 7 });
    expect(fs_!.offset).toBe(13);
    expect(positionOfByte('^XA\n^FDGrüße^FS', 15)).toEqual({ line: 2, column: 10, index: 13 });
  });

  it('follows ^CC, ^CT and ^CD prefix changes', () => {
    const zpl = '^XA^CC-\n-FO1,2-FD#^~x-FS-CD;-FO3;4-CT+\n+JA-CC^^XZ';
    const names = commands(zpl).map((c) => c.name);
    expect(names).toEqual(['^XA', '^CC', '^FO', '^FD', '^FS', '^CD', '^FO', '^CT', '~JA', '^CC', '^XZ']);
    const cmds = commands(zpl);
    expect(cmds[3]!.params[0]!.text).toBe('#^~x');
    expect(cmds[6]!.params.map((p) => p.text)).toEqual(['3', '4']);
  });

  it('keeps a ^GF graphic and ~DG data as one parameter, binary ^GFB by its byte count', () => {
    const [, gf, fs_] = commands('^XA^GFA,4,4,2,FFFF0000^FS^XZ');
    expect(gf!.params.map((p) => p.text)).toEqual(['A', '4', '4', '2', 'FFFF0000']);
    expect(fs_!.name).toBe('^FS');
    const binary = commands('^XA^GFB,3,3,1,^~,^FS^XZ');
    expect(binary[1]!.params[4]!.text).toBe('^~,');
    expect(binary[2]!.name).toBe('^FS');
    const dg = commands('~DGR:A.GRF,2,1,FF00~DGR:B.GRF,1,1,0F');
    expect(dg.map((c) => [c.name, c.params.at(-1)!.text])).toEqual([
      ['~DG', 'FF00'],
      ['~DG', '0F'],
    ]);
  });

  it('knows every command of the reference corpus', () => {
    for (const file of corpusFiles) {
      const doc = parseZpl(new Uint8Array(fs.readFileSync(path.join(corpus, file))));
      for (const t of doc.tokens) {
        if (t.type !== 'command' || t.code === '') continue; // a stray prefix (glscz.zpl "^^FT")
        expect(commandSpec(t.kind, t.code), `${file}: ${t.name} at ${t.offset}`).toBeDefined();
      }
    }
  });

  it('property: never throws, tokens are in order and inside the input', () => {
    const zplish = fc.array(
      fc.oneof(
        fc.constantFrom(
          '^',
          '~',
          ',',
          '^XA',
          '^XZ',
          '^FD',
          '^FS',
          '^FO',
          '^GFA,',
          '^GFB,',
          '~DG',
          '^CC',
          '^CD',
          '^CT',
          '^FH',
          '^A',
        ),
        fc.string({ maxLength: 6 }),
        fc.integer({ min: -5, max: 40000 }).map(String),
      ),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(zplish, (parts) => {
        const zpl = parts.join('');
        const doc = parseZpl(zpl);
        let last = -1;
        for (const t of doc.tokens) {
          expect(t.offset).toBeGreaterThan(last);
          expect(t.offset + t.length).toBeLessThanOrEqual(doc.bytes.length);
          last = t.offset;
        }
        const analysis = analyzeZpl(zpl, { widthDots: 800, heightDots: 1200 });
        for (const w of analysis.warnings) {
          expect(w.byteIndex + w.byteSize).toBeLessThanOrEqual(doc.bytes.length);
        }
      }),
    );
  });

  it('property: never throws on arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(Array.isArray(analyzeZpl(bytes).warnings)).toBe(true);
      }),
    );
  });
});

describe('lintZpl', () => {
  it('reports an out-of-range value with the value used instead, at the parameter', () => {
    const zpl = '^XA\n^FO50,50^BY20^BCN,100^FD12345678^FS\n^XZ';
    expect(lintZpl(zpl)).toEqual([
      {
        byteIndex: zpl.indexOf('20^BC'),
        byteSize: 2,
        command: '^BY',
        parameterNumber: 1,
        message: 'module width 20 is greater than the maximum 10; 10 is used instead',
      },
    ]);
  });

  it('reports unknown commands, invalid values, ^FD without ^FS and a missing ^XZ', () => {
    const zpl = '^XA^QQ1^FO10,10^A0X,20^FDone^FO20,20^FDtwo^FS';
    expect(lintZpl(zpl).map((w) => [w.byteIndex, w.command, w.parameterNumber, w.message])).toEqual([
      [0, '^XA', 0, 'the label has no ^XZ'],
      [3, '^QQ', 0, 'unknown command ^QQ; it is ignored'],
      [18, '^A', 2, 'invalid orientation "X": use one of N, R, I, B'],
      [22, '^FD', 0, 'field data ^FD is not closed by ^FS'],
    ]);
  });

  it('reports a field origin outside ^PW/^LL or the requested size', () => {
    expect(lintZpl('^XA^PW400^FO450,10^FDx^FS^XZ').map((w) => w.message)).toEqual([
      'field origin x 450 is outside the label width of 400 dots',
    ]);
    expect(lintZpl('^XA^FO10,1300^FDx^FS^XZ', { widthDots: 812, heightDots: 1218 }).map((w) => w.message)).toEqual([
      'field origin y 1300 is outside the label length of 1218 dots',
    ]);
    expect(lintZpl('^XA^LH100,0^FO750,10^FDx^FS^XZ', { widthDots: 812 })[0]!.message).toBe(
      'field origin x 850 is outside the label width of 812 dots',
    );
    expect(lintZpl('^XA^FO10,1300^FDx^FS^XZ')).toEqual([]);
  });

  it('checks bar code data: Code 128 subset C, EAN-13 check digit, QR prefix', () => {
    const messages = (zpl: string) => lintZpl(zpl).map((w) => w.message);
    expect(messages('^XA^BCN^FD>;12345^FS^XZ')).toEqual([
      'Code 128 subset C (>;) takes pairs of digits: "12345" is not',
    ]);
    expect(messages('^XA^BCN^FD>;1234>6AB^FS^XZ')).toEqual([]);
    expect(messages('^XA^BCN^FDé^FS^XZ')).toEqual(['character "é" cannot be encoded in Code 128']);
    expect(messages('^XA^BEN,100^FD5901234123458^FS^XZ')).toEqual([
      'EAN-13 check digit should be 7, not 8; 7 is printed',
    ]);
    expect(messages('^XA^BEN,100^FD5901234123457^FS^XZ')).toEqual([]);
    expect(messages('^XA^BQN,2,5^FDhello^FS^XZ')).toEqual([
      'QR Code data must start with the error correction level and input mode, e.g. "QA,"; the first characters are read as such',
    ]);
    expect(messages('^XA^BQN,2,5^FDQA,hello^FS^XZ')).toEqual([]);
  });

  it('checks a graphic declared byte count against its data', () => {
    expect(lintZpl('^XA^FO0,0^GFA,4,4,2,FFFF0000^FS^XZ')).toEqual([]);
    const w = lintZpl('^XA^FO0,0^GFA,6,6,2,FFFF0000^FS^XZ');
    expect(w).toEqual([
      {
        byteIndex: 20,
        byteSize: 8,
        command: '^GF',
        parameterNumber: 5,
        message: 'the graphic declares 6 bytes but its data holds 4',
      },
    ]);
  });

  it('formats the X-Warnings header as pipe groups, at most 20', () => {
    const zpl = '^XA' + '^FO10,10^BY99^FS'.repeat(25) + '^XZ';
    const all = lintZpl(zpl);
    expect(all).toHaveLength(25);
    const header = formatWarningsHeader(all);
    expect(header.split('|')).toHaveLength(100);
    expect(header.slice(0, 90)).toBe(
      '14|2|^BY|1|module width 99 is greater than the maximum 10; 10 is used instead|30|2|^BY|1|m',
    );
  });

  it('gives warnings only where true on the reference corpus (listed in docs/modules/zpl-toolkit.md)', () => {
    const found: string[] = [];
    for (const file of corpusFiles) {
      for (const w of lintZpl(new Uint8Array(fs.readFileSync(path.join(corpus, file))))) {
        found.push(`${file} ${w.command} ${w.parameterNumber} ${w.message}`);
      }
    }
    expect(found).toEqual([
      'aztec_ec.zpl ^FO 2 field origin y 450 is outside the label length of 320 dots',
      'aztec_ec.zpl ^FO 2 field origin y 700 is outside the label length of 320 dots',
      'barcode128_mode_u.zpl ^FD 1 Code 128 UCC case mode (U) uses the first 19 digits; 15 more are ignored',
      'custom_ttf_by_alias.zpl ^FD 1 EAN-13 check digit should be 5, not 1; 5 is printed',
      'dbs.zpl ^GF 5 the graphic declares 49248 bytes but its data holds 78584',
      'dhlecommercetr.zpl ^BY 1 module width 126 is greater than the maximum 10; 10 is used instead',
      'dhlecommercetr.zpl ^BY 2 ratio 126 is greater than the maximum 3; 3 is used instead',
      'fedex.zpl ^FO 2 invalid y "--": expected a number; 0 is used instead',
      'glscz.zpl ^ 0 unknown command ^; it is ignored',
      'pnldpd.zpl ^XA 0 ^XA inside a label (no ^XZ before it); it is ignored',
      'qr_code_offset.zpl ^FD 1 QR Code data must start with the error correction level and input mode, e.g. "QA,"; the first characters are read as such',
    ]);
  });
});

describe('extractZplData', () => {
  it('lists fields in order with position, kind, symbology and decoded data', () => {
    const zpl =
      '^XA^LH10,5^FO20,30^A0N,30^FH^FDA_5Fb_C3_A9^FS^FO40,50^BY2^BCN,80^FD>:ABC^FS^FT60,70^BQN,2,4^FDQA,hi^FS' +
      '^FO0,0^GB10,10,1^FS^FO1,1^FB200,2^FDline 1\\&line 2^FS^XZ^XA^CI28^FO1,2^FDsecond^FS^XZ';
    const at = (needle: string) => Buffer.from(zpl.slice(0, zpl.indexOf(needle))).byteLength;
    expect(extractZplData(zpl)).toEqual([
      {
        index: 0,
        fields: [
          { x: 30, y: 35, kind: 'text', data: 'A_bé', byteIndex: at('^FDA_5F') },
          { x: 50, y: 55, kind: 'barcode', symbology: 'Code 128', data: '>:ABC', byteIndex: at('^FD>:') },
          { x: 70, y: 75, kind: 'barcode', symbology: 'QR Code', data: 'QA,hi', byteIndex: at('^FDQA') },
          { x: 11, y: 6, kind: 'text', data: 'line 1\nline 2', byteIndex: at('^FDline') },
        ],
      },
      { index: 1, fields: [{ x: 1, y: 2, kind: 'text', data: 'second', byteIndex: at('^FDsecond') }] },
    ]);
  });

  it('fills a stored format (^DF) recalled by ^XF with the ^FN values', () => {
    const zpl = fs.readFileSync(path.join(corpus, 'templating.zpl'), 'latin1');
    const labels = extractZplData(zpl);
    expect(labels).toHaveLength(2);
    expect(labels[0]!.fields.map((f) => f.data)).toEqual([
      'Ship to: ',
      'Part number #',
      'Description: ',
      'From: ',
      'Acme Printing',
      '14042',
      'Screw',
      '12345678',
      'Macks Fabricating',
    ]);
    expect(labels[1]!.fields[4]).toMatchObject({ x: 150, y: 125, kind: 'text', data: 'Dummy Printing' });
    expect(labels[1]!.fields[7]).toMatchObject({ kind: 'barcode', symbology: 'Code 39', data: '87654321' });
  });

  it('decodes ^FH escapes with a custom indicator and as UTF-8 under ^CI28', () => {
    expect(decodeFieldHex('\\C3\\A9 ok', '\\', true)).toBe('é ok');
    expect(decodeFieldHex('_E9', '_', false)).toBe('é');
  });
});
