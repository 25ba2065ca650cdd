/** `^FH` field data: the indicator character followed by two hex digits stands for one byte. */
import { bytesToText } from '../../json/index.js';

declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };

/** Decodes `^FH` escapes (indicator + two hex digits) to bytes, then to text (UTF-8 under `^CI28`–`^CI30`). */
export function decodeFieldHex(data: string, indicator: string, utf8: boolean): string {
  const bytes: number[] = [];
  const raw = new TextEncoder().encode(data);
  const ind = indicator.charCodeAt(0);
  const hex = (b: number) =>
    b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 55 : b >= 0x61 && b <= 0x66 ? b - 87 : -1;
  for (let i = 0; i < raw.length; i++) {
    const hi = hex(raw[i + 1] ?? -1);
    const lo = hex(raw[i + 2] ?? -1);
    if (raw[i] === ind && hi >= 0 && lo >= 0) {
      bytes.push(hi * 16 + lo);
      i += 2;
    } else bytes.push(raw[i]!);
  }
  const out = Uint8Array.from(bytes);
  if (utf8) return bytesToText(out);
  let s = '';
  for (const b of out) s += String.fromCharCode(b);
  return s;
}
