/** The one error people see for any base64 input that fails the rule below (product string). */
export const INVALID_BASE64_MESSAGE = 'invalid base64 input';

export type Base64Check = { ok: true; base64: string; bytes: Uint8Array } | { ok: false; message: string };

// Web-standard globals present in browsers and Node ≥ 16; core compiles without DOM types.
declare const atob: (data: string) => string;
declare const btoa: (data: string) => string;
declare const TextDecoder: { new (label?: string): { decode(bytes: Uint8Array): string } };

const DATA_URL_PREFIX = /^\s*data:[^,]*;base64,/i;
const WHITESPACE = /\s+/g;

/** Removes a `data:…;base64,` prefix and every whitespace character (line breaks from logs and mail). */
export function normalizeBase64(input: string): string {
  return input.replace(DATA_URL_PREFIX, '').replace(WHITESPACE, '');
}

/**
 * The base64 rule of the Base64 Tools: after normalizing, the text must be non-empty and must
 * re-encode to exactly itself (standard alphabet, canonical padding, no stray bits).
 */
export function checkBase64(input: string): Base64Check {
  const base64 = normalizeBase64(input);
  if (base64 === '') return { ok: false, message: INVALID_BASE64_MESSAGE };
  let binary: string;
  try {
    binary = atob(base64);
  } catch {
    return { ok: false, message: INVALID_BASE64_MESSAGE };
  }
  if (btoa(binary) !== base64) return { ok: false, message: INVALID_BASE64_MESSAGE };
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { ok: true, base64, bytes };
}

export function isValidBase64(input: string): boolean {
  return checkBase64(input).ok;
}

/** Standard base64 of bytes (chunked so megabyte payloads do not overflow the argument limit). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** Text encodings offered for decoded payloads; odd payloads from older systems are GBK or Latin-1. */
export const TEXT_ENCODINGS = ['utf-8', 'gbk', 'latin1'] as const;
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number];

export function decodeBytesAsText(bytes: Uint8Array, encoding: TextEncodingName = 'utf-8'): string {
  if (encoding === 'latin1') {
    // WHATWG maps the label "latin1" to windows-1252; true ISO-8859-1 is one code point per byte.
    let text = '';
    const chunk = 0x8000;
    for (let i = 0; i < bytes.length; i += chunk) text += String.fromCharCode(...bytes.subarray(i, i + chunk));
    return text;
  }
  return new TextDecoder(encoding).decode(bytes);
}

/** Why a text failing the base64 rule would pass once normalised. */
export type Base64Variant = 'url-safe' | 'unpadded' | 'url-safe-unpadded';

/**
 * For text that fails the rule: when the cause is the URL-safe alphabet (`-` `_`) and/or missing
 * `=` padding, the standard base64 it stands for; else null (not base64 at all).
 */
export function base64Repair(input: string): { variant: Base64Variant; base64: string } | null {
  const text = normalizeBase64(input);
  if (text === '' || checkBase64(text).ok) return null;
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const urlSafe = /[-_]/.test(text);
  if (urlSafe && /[+/]/.test(text)) return null;
  let base64 = urlSafe ? text.replace(/-/g, '+').replace(/_/g, '/') : text;
  const unpadded = base64.length % 4 !== 0 && !base64.endsWith('=');
  if (unpadded) base64 += '='.repeat((4 - (base64.length % 4)) % 4);
  if (!urlSafe && !unpadded) return null;
  if (!checkBase64(base64).ok) return null;
  return { variant: urlSafe && unpadded ? 'url-safe-unpadded' : urlSafe ? 'url-safe' : 'unpadded', base64 };
}
