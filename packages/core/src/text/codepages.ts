/**
 * Byte ↔ text for the code pages the weird-text repair needs: UTF-8, Windows-1252 (with the
 * ISO-8859-1 C1 controls) and GBK. Decoding uses the WHATWG TextDecoder, which browsers and Node
 * (full ICU) both ship with UTF-8 and GBK, so the same code runs in both without Buffer or
 * iconv-lite; GBK encoding is the decoder's table inverted, built lazily (about 10 ms).
 */

// Web-standard globals present in browsers and Node ≥ 16; core compiles without DOM types.
declare const TextDecoder: {
  new (label?: string, options?: { fatal?: boolean }): { decode(bytes: Uint8Array): string };
};
declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };

export type Codepage = 'utf-8' | 'windows-1252' | 'gbk';
/** What decodeBytes reads (Windows-1252 is only ever the misreading, encoded back). */
export type DecodableCodepage = Exclude<Codepage, 'windows-1252'>;

/** Decodes bytes; undefined when they are not valid in the code page. */
export function decodeBytes(bytes: Uint8Array, codepage: DecodableCodepage): string | undefined {
  try {
    return new TextDecoder(codepage, { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Decodes bytes, writing U+FFFD for each invalid sequence. */
export function decodeLenient(bytes: Uint8Array, codepage: DecodableCodepage): string {
  return new TextDecoder(codepage).decode(bytes);
}

export function utf8Bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

let cp1252Table: Map<number, number> | undefined;
let gbkTable: Map<number, number> | undefined;

/**
 * Windows-1252 bytes 0x80–0x9F (WHATWG Encoding Standard, index-windows-1252); the five bytes it
 * leaves undefined are written as 0. Kept here rather than read from TextDecoder because Node 20
 * decodes "windows-1252" as plain ISO-8859-1.
 */
const WINDOWS_1252_C1 = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0, 0,
  0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];

/**
 * Code point → byte for Windows-1252, plus U+0080–U+00FF as themselves: a real ISO-8859-1 reader
 * turns 0x80–0x9F into C1 controls rather than the Windows-1252 punctuation.
 */
function windows1252Table(): Map<number, number> {
  if (cp1252Table) return cp1252Table;
  const table = new Map<number, number>();
  for (let b = 0x80; b <= 0xff; b++) table.set(b, b);
  WINDOWS_1252_C1.forEach((cp, i) => {
    if (cp !== 0) table.set(cp, 0x80 + i);
  });
  cp1252Table = table;
  return table;
}

/** Code point → two-byte GBK code (lead << 8 | trail), decoded row by row from the platform table. */
function gbkCodeTable(): Map<number, number> {
  if (gbkTable) return gbkTable;
  const table = new Map<number, number>();
  // WHATWG GBK decodes the single byte 0x80 as the euro sign.
  table.set(0x20ac, 0x80);
  const decoder = new TextDecoder('gbk');
  const trails: number[] = [];
  for (let t = 0x40; t <= 0xfe; t++) if (t !== 0x7f) trails.push(t);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    const row = new Uint8Array(trails.length * 2);
    trails.forEach((t, i) => {
      row[2 * i] = lead;
      row[2 * i + 1] = t;
    });
    const text = decoder.decode(row);
    const chars = [...text];
    if (chars.length === trails.length) {
      chars.forEach((ch, i) => {
        const cp = ch.codePointAt(0)!;
        if (cp !== 0xfffd && !table.has(cp)) table.set(cp, (lead << 8) | trails[i]!);
      });
      continue;
    }
    // A row with unmapped codes desynchronises a bulk decode: fall back to one code at a time.
    for (const t of trails) {
      const ch = decoder.decode(new Uint8Array([lead, t]));
      const cp = ch.codePointAt(0)!;
      if ([...ch].length === 1 && cp !== 0xfffd && !table.has(cp)) table.set(cp, (lead << 8) | t);
    }
  }
  gbkTable = table;
  return table;
}

/** The GBK code of a character, or undefined (ASCII and unmapped characters). */
export function gbkCode(char: string): number | undefined {
  return gbkCodeTable().get(char.codePointAt(0)!);
}

/** Encodes text; undefined when a character has no byte in the code page. */
export function encodeText(text: string, codepage: Codepage): Uint8Array | undefined {
  if (codepage === 'utf-8') return utf8Bytes(text);
  const out: number[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x80) {
      out.push(cp);
      continue;
    }
    if (codepage === 'windows-1252') {
      const b = windows1252Table().get(cp);
      if (b === undefined) return undefined;
      out.push(b);
    } else {
      const code = gbkCodeTable().get(cp);
      if (code === undefined) return undefined;
      if (code > 0xff) out.push(code >> 8, code & 0xff);
      else out.push(code);
    }
  }
  return Uint8Array.from(out);
}
