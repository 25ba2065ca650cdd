/**
 * Shipment-visibility webhook rules shared by the browser, the server and the CLI.
 *
 * The carrier signs each webhook delivery with HMAC-SHA256 over the raw request body, keyed by
 * the security token the customer chose, and sends the lower-case hex digest in the
 * `x-fedex-signature` header. Only WebCrypto is used here so the same code runs everywhere.
 */

import type { WebhookSummary } from '../contract/webhooks.js';

/** The request header carrying the carrier's signature. */
export const SIGNATURE_HEADER = 'x-fedex-signature';

export const SECURITY_TOKEN_LENGTH = 25;

/** Channels name receiver URLs: /lab/hooks/fdx/{channel}. */
export const CHANNEL_PATTERN = /^[a-z0-9-]{1,40}$/;
export const DEFAULT_CHANNEL = 'webhooktest';

export type { WebhookSummary } from '../contract/webhooks.js';

/** The realtime topic of a channel's deliveries (the server publishes, the inspector page listens). */
export const webhookTopic = (channel: string) => `webhooks/${channel}`;

/** Events on the realtime topic `webhooks/{channel}`. */
export type WebhookEvent =
  ({ type: 'received' } & WebhookSummary) | { type: 'deleted'; channel: string; id: number | null };

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALPHANUMERIC = UPPER + LOWER + DIGITS;

/** The part of WebCrypto we use; core is compiled without DOM types. */
interface SubtleLike {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: boolean,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}
interface CryptoLike {
  subtle: SubtleLike;
  getRandomValues<T extends Uint8Array | Uint32Array>(array: T): T;
}
declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };

function webCrypto(): CryptoLike {
  const c = (globalThis as { crypto?: CryptoLike }).crypto;
  if (!c?.subtle) throw new Error('WebCrypto (globalThis.crypto.subtle) is not available');
  return c;
}

function bytesOf(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? new TextEncoder().encode(data) : data;
}

function toHex(buffer: ArrayBuffer): string {
  let hex = '';
  for (const byte of new Uint8Array(buffer)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * HMAC-SHA256 of the raw payload keyed by the security token, as lower-case hex. Pass the body
 * bytes exactly as received: re-serialising parsed JSON changes the bytes and the signature.
 */
export async function webhookSignature(rawBody: Uint8Array | string, token: string): Promise<string> {
  const subtle = webCrypto().subtle;
  const key = await subtle.importKey('raw', bytesOf(token), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toHex(await subtle.sign('HMAC', key, bytesOf(rawBody)));
}

/** Case-insensitive hex comparison without an early exit on the first differing character. */
export function signaturesMatch(expected: string, received: string | undefined | null): boolean {
  if (received == null) return false;
  const a = expected.trim().toLowerCase();
  const b = received.trim().toLowerCase();
  if (a.length !== b.length || a.length === 0) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type SignatureStatus = 'unknown' | 'match' | 'mismatch';

/** Compares a payload's received signature header with the one the token gives. */
export async function checkWebhookSignature(
  rawBody: Uint8Array | string,
  token: string,
  received: string | undefined | null,
): Promise<{
  status: Exclude<SignatureStatus, 'unknown'>;
  expected: string;
  received: string | null;
}> {
  const expected = await webhookSignature(rawBody, token);
  return {
    status: signaturesMatch(expected, received) ? 'match' : 'mismatch',
    expected,
    received: received ?? null,
  };
}

/** Which bytes a delivery's signature was made over: as received, or with the Content-Encoding undone. */
export type SignedOver = 'received' | 'decoded';

/** A stored delivery's body: the bytes received and, when it came with a Content-Encoding, decoded. */
export interface DeliveryBody {
  received: Uint8Array | string;
  /** The body with its Content-Encoding undone (absent: no encoding, or one that cannot be undone). */
  decoded?: Uint8Array | string | undefined;
  encoding?: string | null | undefined;
}

export interface DeliverySignatureCheck {
  status: Exclude<SignatureStatus, 'unknown'>;
  /** The bytes the received signature matched; null on a mismatch. */
  matched: SignedOver | null;
  /** The signature the token gives over the bytes received. */
  expected: string;
  /** …and over the decoded body, when the delivery had a Content-Encoding. */
  expectedDecoded: string | null;
  received: string | null;
  encoding: string | null;
}

/**
 * Checks a delivery's signature over the bytes received and, for a compressed delivery, over the
 * decoded body too: senders sign either the bytes they put on the wire (after gzip) or the payload
 * before compressing it, and both are genuine.
 */
export async function checkDeliverySignature(
  body: DeliveryBody,
  token: string,
  received: string | undefined | null,
): Promise<DeliverySignatureCheck> {
  const encoding = body.encoding || null;
  const expected = await webhookSignature(body.received, token);
  const expectedDecoded = encoding && body.decoded !== undefined ? await webhookSignature(body.decoded, token) : null;
  const matched: SignedOver | null = signaturesMatch(expected, received)
    ? 'received'
    : expectedDecoded !== null && signaturesMatch(expectedDecoded, received)
      ? 'decoded'
      : null;
  return {
    status: matched ? 'match' : 'mismatch',
    matched,
    expected,
    expectedDecoded,
    received: received ?? null,
    encoding,
  };
}

/** The list fields of a webhook envelope: `outputMetaData[0].transactionId` and `.timestamp`. */
export interface EnvelopeFields {
  transactionId: string | null;
  timestamp: string | null;
}

const MAX_FIELD_LENGTH = 200;

function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value.slice(0, MAX_FIELD_LENGTH);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Reads the list fields from a parsed payload; anything missing or oddly typed gives null. */
export function envelopeFields(payload: unknown): EnvelopeFields {
  const meta = (payload as { outputMetaData?: unknown } | null)?.outputMetaData;
  const first = Array.isArray(meta) ? (meta[0] as Record<string, unknown> | undefined) : undefined;
  if (!first || typeof first !== 'object') return { transactionId: null, timestamp: null };
  return { transactionId: scalarText(first.transactionId), timestamp: scalarText(first.timestamp) };
}

/** Fills an array with random 32-bit values (crypto.getRandomValues's shape). */
export type RandomValues = (array: Uint32Array) => Uint32Array;

/** A uniform integer below `bound` (rejection sampling: no modulo bias). */
function randomBelow(bound: number, random: RandomValues): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const cell = new Uint32Array(1);
  for (;;) {
    const v = random(cell)[0]!;
    if (v < limit) return v % bound;
  }
}

function pick(alphabet: string, random: RandomValues): string {
  return alphabet[randomBelow(alphabet.length, random)]!;
}

/**
 * A new security token: 25 characters with at least one upper-case letter, one lower-case
 * letter and one digit, the rest random letters and digits, shuffled (Fisher–Yates) so the
 * required characters sit anywhere. Randomness comes from the cryptographic source unless a
 * test passes its own.
 */
export function generateSecurityToken(random: RandomValues = (a) => webCrypto().getRandomValues(a)): string {
  const chars = [pick(UPPER, random), pick(LOWER, random), pick(DIGITS, random)];
  while (chars.length < SECURITY_TOKEN_LENGTH) chars.push(pick(ALPHANUMERIC, random));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, random);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/** The token rules, for forms that accept a token typed by hand. */
export function isValidSecurityToken(token: string): boolean {
  return (
    token.length === SECURITY_TOKEN_LENGTH &&
    /^[A-Za-z0-9]+$/.test(token) &&
    /[A-Z]/.test(token) &&
    /[a-z]/.test(token) &&
    /\d/.test(token)
  );
}

/**
 * Known answers (RFC 4231 test case 2, then a webhook envelope, raw non-UTF-8 bytes and
 * non-ASCII text under a 25-character token). Tests check them on every runtime we sign on.
 */
export const webhookSignatureVectors: readonly {
  body: string | Uint8Array;
  token: string;
  hex: string;
}[] = [
  {
    body: 'what do ya want for nothing?',
    token: 'Jefe',
    hex: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  },
  {
    body: '{"outputMetaData":[{"timestamp":"2026-11-22T01:02:03Z","transactionId":"7f1b2c3d"}]}',
    token: 'Ab3dEfGh1jKlMn0pQrStUvWx9',
    hex: '155e1f2ef90e17d4366908910b3386d6d9a1f04be33b308dcfcf305d0025d619',
  },
  {
    body: new Uint8Array([0xff, 0x00, 0xc3, 0x28, 0x0a]),
    token: 'Ab3dEfGh1jKlMn0pQrStUvWx9',
    hex: '2a01f060a4a862b209f8c242493a921c3b9b07e3bce023931e2b641b7d92a7af',
  },
  {
    body: '配送 ✓ café',
    token: 'Ab3dEfGh1jKlMn0pQrStUvWx9',
    hex: '67238ff0c4d2cabcaa240bd436e8c0434b8184693b868f7c4ea325c8b1eb5e5d',
  },
];
