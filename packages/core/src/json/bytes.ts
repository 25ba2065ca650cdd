// Web-standard global (browsers, Node); core compiles without DOM types.
declare const TextDecoder: {
  new (label: string, options?: { fatal?: boolean }): { decode(bytes: Uint8Array): string };
};

/**
 * Bytes → text: UTF-8 when the bytes are valid UTF-8 (a leading BOM dropped), else one character
 * per byte (legacy code pages, binary graphics in ZPL).
 */
export function bytesToText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return text;
  }
}
