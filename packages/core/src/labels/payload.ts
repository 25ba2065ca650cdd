/** What a decoded payload is, judged by its first bytes (magic numbers), for the label viewers. */
export type PayloadKind = 'pdf' | 'png' | 'zpl' | 'text';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

export function detectPayloadKind(bytes: Uint8Array): PayloadKind {
  if (startsWith(bytes, PNG_MAGIC)) return 'png';
  if (startsWith(bytes, PDF_MAGIC)) return 'pdf';
  // ZPL starts a label with ^XA (or a ~ download command before it); allow leading whitespace.
  let i = 0;
  while (
    i < bytes.length &&
    i < 1024 &&
    (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)
  )
    i++;
  const head = String.fromCharCode(...bytes.subarray(i, i + 3)).toUpperCase();
  if (head === '^XA' || (head.startsWith('~') && hasZplLabel(bytes))) return 'zpl';
  return 'text';
}

/** True when `^XA` (any case) appears in the first 64 KiB, after download commands such as ~DG. */
function hasZplLabel(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 1 << 16) - 2;
  for (let i = 0; i < end; i++) {
    if (bytes[i] === 0x5e && (bytes[i + 1]! | 0x20) === 0x78 && (bytes[i + 2]! | 0x20) === 0x61) return true;
  }
  return false;
}

/** PNG width and height from the IHDR chunk, or undefined when the bytes are not a PNG. */
export function pngDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length < 24 || !startsWith(bytes, PNG_MAGIC)) return undefined;
  const u32 = (at: number) =>
    ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  return { width: u32(16), height: u32(20) };
}
