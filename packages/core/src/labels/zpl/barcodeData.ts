/**
 * What a bar code's field data must be for its symbology, as the printer reads it: Code 128 (ASCII,
 * subset C pairs, UCC case mode), EAN-13 (digits and check digit) and QR Code (the mode prefix).
 */
import type { ZplCommand } from './parse.js';
import { lintText, type Warn } from './warnings.js';

/** The EAN/UPC check digit of the digits before it (weights 1, 3, 1, 3 … from the left). */
function eanCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

function checkCode128(data: string, at: ZplCommand, mode: string | undefined, warn: Warn) {
  const bad = [...data].find((c) => c.codePointAt(0)! > 0x7f);
  if (bad) {
    warn(at, 1, lintText('code128-char', { char: bad }), at.params[0]);
    return;
  }
  if ((mode ?? 'N') === 'N') {
    // Invocation codes: >; starts subset C, which takes pairs of digits up to the next >.
    const parts = data.split('>;');
    for (let k = 1; k < parts.length; k++) {
      const run = /^\d*/.exec(parts[k]!)![0];
      const rest = parts[k]!.slice(run.length);
      if (run.length % 2 === 1 || (rest !== '' && !rest.startsWith('>'))) {
        warn(at, 1, lintText('code128-pairs', { part: parts[k]!.slice(0, 20) }), at.params[0]);
        return;
      }
    }
  }
  if (mode === 'U') {
    if (!/^\d*$/.test(data)) warn(at, 1, lintText('ucc-digits'), at.params[0]);
    else if (data.length > 19) {
      warn(at, 1, lintText('ucc-long', { extra: data.length - 19 }), at.params[0]);
    } else if (data.length < 19) {
      warn(at, 1, lintText('ucc-short', { count: data.length }), at.params[0]);
    }
  }
}

function checkEan13(data: string, at: ZplCommand, warn: Warn) {
  if (!/^\d+$/.test(data)) warn(at, 1, lintText('ean-digits'), at.params[0]);
  else if (data.length > 13) warn(at, 1, lintText('ean-length', { count: data.length }), at.params[0]);
  else if (data.length === 13) {
    const check = eanCheckDigit(data.slice(0, 12));
    if (Number(data[12]) !== check) {
      warn(at, 1, lintText('ean-check', { check, got: data[12]! }), at.params[0]);
    }
  }
}

function checkQrCode(data: string, at: ZplCommand, warn: Warn) {
  if (!/^[HQML]?[AM],/i.test(data) && !/^D\d{4}/.test(data)) {
    warn(at, 1, lintText('qr-mode'), at.params[0]);
  }
}

/**
 * Warns about field data (already `^FH`-decoded) its bar code cannot encode as written. `at` is the
 * field data command; `mode` is `^BC`'s mode (N, U, A, D), undefined for other symbologies.
 */
export function checkBarcodeData(
  symbology: string,
  data: string,
  at: ZplCommand,
  mode: string | undefined,
  warn: Warn,
): void {
  if (symbology === 'Code 128') checkCode128(data, at, mode, warn);
  else if (symbology === 'EAN-13') checkEan13(data, at, warn);
  else if (symbology === 'QR Code') checkQrCode(data, at, warn);
}
