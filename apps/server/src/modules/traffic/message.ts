import { INTERNAL_CALL_HEADER } from '../../http/auth.js';
import { redactedFormText, redactedJsonText, redactSecrets } from '../../http/redact.js';

/** Headers as a recorder has them (Node's, Fastify's reply headers, or the gateway's). */
export type Headers = Record<string, string | string[] | number | undefined>;

/** One side of a call as the log keeps it. */
export interface Message {
  headers: Record<string, string>;
  body: string;
  size: number;
  truncated: boolean;
  /** The parsed JSON body as sent (unredacted), for the conformance check; dropped once checked. */
  parsed?: unknown;
}

/** The content type of a header set, lower case, without parameters. */
function mimeOf(headers: Headers): string {
  const raw = headers['content-type'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.split(';')[0]!.trim().toLowerCase() : '';
}

const isText = (mime: string) =>
  mime === '' ||
  mime.startsWith('text/') ||
  mime.includes('json') ||
  mime.includes('xml') ||
  mime === 'application/x-www-form-urlencoded' ||
  mime === 'application/javascript';

/** Header values as single strings, the site's internal call key dropped, secrets redacted as in the logs. */
function cleanHeaders(headers: Headers): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === INTERNAL_CALL_HEADER) continue;
    flat[lower] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return redactSecrets(flat) as Record<string, string>;
}

/** A text body of type `mime` as kept, and its parsed JSON value (`value`: the one a handler sent, when known). */
function textBody(raw: string, mime: string, value: unknown): { text: string; parsed?: unknown } {
  if (mime === 'application/x-www-form-urlencoded') return { text: redactedFormText(raw) };
  if (value !== undefined && typeof value === 'object' && value !== null) {
    return { text: redactedJsonText(value, raw), parsed: value };
  }
  if (!/^\s*[[{]/.test(raw)) return { text: raw };
  try {
    const parsed: unknown = JSON.parse(raw);
    return { text: redactedJsonText(parsed, raw), parsed };
  } catch {
    return { text: raw };
  }
}

/**
 * A message as the log keeps it: headers and body redacted as the logs are (`http/redact.ts`),
 * the body cut at `maxBody` bytes; binary bodies and streams described, not kept.
 */
export function messageOf(rawHeaders: Headers, body: unknown, maxBody: number, value?: unknown): Message {
  const headers = cleanHeaders(rawHeaders);
  const mime = mimeOf(rawHeaders);
  let text = '';
  let size = 0;
  let parsed: unknown;
  if (body === undefined || body === null) {
    // nothing sent
  } else if (Buffer.isBuffer(body) || typeof body === 'string') {
    size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    if (!isText(mime)) text = `[${size} bytes of ${mime}]`;
    else ({ text, parsed } = textBody(typeof body === 'string' ? body : body.toString('utf8'), mime, value));
  } else if (typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function') {
    text = '[streamed body, not recorded]';
  } else {
    // A value a handler sent (parsed JSON, or a parsed form).
    if (mime === 'application/x-www-form-urlencoded' && typeof body === 'object') {
      text = redactedFormText(new URLSearchParams(body as Record<string, string>).toString());
    } else {
      parsed = body;
      text = redactedJsonText(body);
    }
    const declared = Number(rawHeaders['content-length']);
    size = Number.isFinite(declared) && declared >= 0 ? declared : Buffer.byteLength(text);
  }
  let truncated = false;
  if (Buffer.byteLength(text) > maxBody) {
    text = Buffer.from(text).subarray(0, maxBody).toString('utf8');
    truncated = true;
  }
  return { headers, body: text, size, truncated, ...(parsed !== undefined ? { parsed } : {}) };
}

/** The bytes a kept message counts against TRAFFIC_MAX_BYTES: its body and headers. */
export function messageBytes(message: Message): number {
  let n = message.body.length;
  for (const k in message.headers) n += k.length + message.headers[k]!.length + 4;
  return n;
}
