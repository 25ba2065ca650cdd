/**
 * What a scanner reads from a bar code field: the field data as the printer encodes it — Code 128
 * invocation codes and modes, check digits the printer adds, the mode prefix of `^BQ`, the escape
 * sequences of `^BX` — in the decoder's plain text (FNC1 as GS, a leading FNC1 marks GS1).
 */
import type { ZplField } from '../zpl/analyze.js';

export interface ExpectedSymbol {
  /** The decoded text a correct print gives. */
  text: string;
  /** Other texts a scanner may also give for a correct print (e.g. Code 39 with its check character). */
  alternatives: string[];
}

const GS = '\x1d';

/** GS1 mod 10 (weights 3, 1 from the rightmost digit): EAN/UPC, UCC case mode, Interleaved 2 of 5. */
export function mod10CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

const CODE39_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%';

/** Code 39 mod 43 check character. */
export function code39CheckCharacter(data: string): string | undefined {
  let sum = 0;
  for (const c of data) {
    const v = CODE39_CHARS.indexOf(c);
    if (v < 0) return undefined;
    sum += v;
  }
  return CODE39_CHARS[sum % 43];
}

/** Parameter `n` (1-based) of the bar code command, upper case, '' when not given. */
const param = (field: ZplField, n: number) => (field.symbol?.params[n - 1] ?? '').toUpperCase();

/** Code 128 mode N: invocation codes (`>;` start C, `>8` FNC1 …) are not data. */
function code128Invocations(data: string): string {
  let out = '';
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (c !== '>' || i + 1 >= data.length) {
      out += c;
      continue;
    }
    const next = data[++i]!;
    if (next === '<') out += '>';
    else if (next === '=') out += '~';
    else if (next === '8') out += GS;
    // >0–>7, >9, >:, >; switch subsets, shift or start: nothing the scanner reports.
  }
  // FNC1 first marks a GS1 symbol: the decoder reports it in the symbology identifier, not the text.
  return out.startsWith(GS) ? out.slice(1) : out;
}

/** `^BX` escape sequences (ECC 200): `{e}1` FNC1, `{e}dNNN` a character by its decimal code. */
function dataMatrixEscapes(data: string, escape: string): string {
  if (!escape) return data;
  let out = '';
  for (let i = 0; i < data.length; i++) {
    const c = data[i]!;
    if (c !== escape) {
      out += c;
      continue;
    }
    const next = data[i + 1];
    if (next === '1') {
      out += GS;
      i += 1;
    } else if (next === 'd' && /^\d{3}$/.test(data.slice(i + 2, i + 5))) {
      out += String.fromCharCode(Number(data.slice(i + 2, i + 5)));
      i += 4;
    } else if (next === escape) {
      out += escape;
      i += 1;
    } else out += c;
  }
  return out.startsWith(GS) ? out.slice(1) : out;
}

/**
 * `^BQ` field data: error correction level, input mode and a comma (`QA,`), then the data; in manual
 * mode (`M`) a character mode follows (`N`, `A`, `K`, or `B` and a 4-digit byte count).
 */
function qrData(data: string): string {
  const mode = data[1]?.toUpperCase();
  let rest = data.slice(3);
  if (mode === 'M') {
    if (/^B\d{4}/i.test(rest)) rest = rest.slice(5);
    else if (/^[NAK]/i.test(rest)) rest = rest.slice(1);
  }
  return rest;
}

const digitsOnly = (s: string) => /^\d+$/.test(s);

/** Decoded text a correct print of `field` gives; undefined for a field that is not a bar code. */
export function expectedSymbol(field: ZplField): ExpectedSymbol | undefined {
  if (field.kind !== 'barcode' || !field.symbology) return undefined;
  const data = field.data;
  const plain = (text: string, ...alternatives: string[]) => ({ text, alternatives });
  switch (field.symbology) {
    case 'Code 128': {
      const mode = param(field, 6) || 'N';
      if (mode === 'U') {
        // UCC case mode: 19 digits (padded with zeros) and their mod 10 check digit.
        const body = data.replace(/\D/g, '').slice(0, 19).padEnd(19, '0');
        return plain(`${body}${mod10CheckDigit(body)}`);
      }
      if (mode === 'A') return plain(data);
      if (mode === 'D') return plain(code128Invocations(data.replace(/[()]/g, '')));
      const text = code128Invocations(data);
      // ^BC check digit Y: a mod 10 digit after numeric data (UCC).
      if (param(field, 5) === 'Y' && digitsOnly(text)) return plain(`${text}${mod10CheckDigit(text)}`, text);
      return plain(text);
    }
    case 'Code 39': {
      const check = code39CheckCharacter(data);
      return check ? plain(data, `${data}${check}`) : plain(data);
    }
    case 'Interleaved 2 of 5': {
      let digits = data.replace(/\D/g, '');
      if (param(field, 5) === 'Y') digits = `${digits}${mod10CheckDigit(digits)}`;
      return plain(digits.length % 2 === 1 ? `0${digits}` : digits);
    }
    case 'EAN-13': {
      const body = data.slice(0, 12).padStart(12, '0');
      return plain(`${body}${mod10CheckDigit(body)}`);
    }
    case 'EAN-8': {
      const body = data.slice(0, 7).padStart(7, '0');
      return plain(`${body}${mod10CheckDigit(body)}`);
    }
    case 'UPC-A': {
      const body = data.slice(0, 11).padStart(11, '0');
      return plain(`${body}${mod10CheckDigit(body)}`, `0${body}${mod10CheckDigit(body)}`);
    }
    case 'QR Code':
      return plain(qrData(data));
    case 'Data Matrix':
      return plain(dataMatrixEscapes(data, field.symbol?.params[6] || '~'));
    default:
      return plain(data);
  }
}

/** Does a decoded text match what the field should give? */
export function matchesExpected(decoded: string, expected: ExpectedSymbol): boolean {
  return decoded === expected.text || expected.alternatives.includes(decoded);
}
