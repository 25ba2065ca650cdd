/**
 * The one rule for keeping secrets out of what the server writes down: log lines (`logger.ts`),
 * the gateway's logged bodies and the traffic log. A field whose name looks like a secret is
 * blanked at any depth, also inside strings that hold JSON; a query parameter likewise in a URL.
 */

export const CENSOR = '[redacted]';

/**
 * Field names whose values are secrets, whatever their spelling (`client-secret`, `apiSecret`,
 * `secretKey`, `privateKey`, `bearerToken`, `child_secret`, `x-api-key`, `passphrase`, `sessionId`,
 * `meterKey`, `accountKey`, …). A PIN is matched as a word of the name (`pin`, `meterPin`, `PIN_CODE`),
 * so `shipping` is not one: see isSecretName.
 */
export const SECRET_NAME =
  /secret|passw|pwd|pass.?phrase|token|bearer|(?:api|private|meter|account|user|license|licence|auth|access|signing|session|client|parent|master)[-_. ]?key|(?:meter|account|user|client|parent|card)[-_. ]?pin|authori[sz]ation|cookie|credential|session/i;

/** The words of a name: camelCase, snake_case, kebab-case, dotted (`meterPin` → meter, pin). */
const wordsOf = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);

/** Words that name a secret only as a whole word (`pin`, not the `pin` in `shipping`). */
const SECRET_WORDS = new Set(['pin', 'pins', 'pincode', 'passcode', 'otp']);

/**
 * Names already judged: the traffic log asks about every field of every body (a rate reply has
 * hundreds), and the same few hundred names come back; cleared when it grows past NAMES_KEPT.
 */
const judged = new Map<string, boolean>();
const NAMES_KEPT = 4096;

/** Whether a field, header or parameter name names a secret (SECRET_NAME, or a secret word of it). */
export const isSecretName = (name: string): boolean => {
  let secret = judged.get(name);
  if (secret === undefined) {
    secret = SECRET_NAME.test(name) || wordsOf(name).some((w) => SECRET_WORDS.has(w));
    if (judged.size >= NAMES_KEPT) judged.clear();
    judged.set(name, secret);
  }
  return secret;
};

/** Query parameters whose values are secrets (OAuth tokens and codes, client secrets, api keys, passwords, signatures). */
export const SECRET_PARAM =
  /token|secret|passw|pwd|pass.?phrase|api[-_]?key|meter[-_]?key|auth|credential|session|signature|^sig$|^key$|^code$/i;

/** Whether a query parameter's value is a secret. */
const isSecretParam = (name: string): boolean => SECRET_PARAM.test(name) || isSecretName(name);

/** Deeper than this a value is cut (a log line has no business being this deep). */
const MAX_DEPTH = 64;
/** Strings up to this size that look like JSON are parsed and redacted inside. */
const MAX_JSON_STRING = 256 * 1024;

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

/** A secret-named field with a value: blanked (an empty or absent value shows nothing). */
const blanks = (name: string, value: unknown) =>
  isSecretName(name) && value !== null && value !== undefined && value !== '';

/** The URL with the values of secret-named query parameters replaced by `[redacted]` (the rest as sent). */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // a malformed escape: judge the name as sent
      }
      return eq !== -1 && isSecretParam(name) ? `${rawName}=${CENSOR}` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

function redactString(text: string, depth: number, seen: WeakSet<object>): string {
  if (text.length > MAX_JSON_STRING || !looksLikeJson(text)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text;
  }
  const redacted = redactValue(parsed, depth + 1, seen);
  return JSON.stringify(redacted);
}

function redactValue(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactString(value, depth, seen);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (seen.has(value)) return '[circular]';
  // Only plain objects and arrays are copied: a request, reply or error goes to its serializer as it is.
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  seen.add(value); // the objects on the current path: a cycle, not a shared value, is cut
  let out: unknown;
  if (Array.isArray(value)) out = value.map((v) => redactValue(v, depth + 1, seen));
  else {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Defined, not assigned: a field named `__proto__` (JSON.parse makes one) stays a field.
      Object.defineProperty(copy, k, {
        value: blanks(k, v) ? CENSOR : redactValue(v, depth + 1, seen),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    out = copy;
  }
  seen.delete(value);
  return out;
}

/**
 * A copy of a value (a log line's fields, a parsed body) with every secret-named field blanked at
 * any depth, also inside strings that hold JSON (a body logged as text).
 */
export function redactSecrets(value: unknown): unknown {
  return redactValue(value, 0, new WeakSet());
}

/**
 * Whether redactSecrets would change a parsed value: a secret-named field with a value, or a
 * string that may hold JSON. Most bodies have neither, and are kept as sent without a copy.
 */
function needsRedaction(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return looksLikeJson(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const v of value) if (needsRedaction(v, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const k in record) {
    if (!Object.hasOwn(record, k)) continue;
    const v = record[k];
    if (blanks(k, v)) return true;
    if (needsRedaction(v, depth + 1)) return true;
  }
  return false;
}

/** A parsed JSON value as text with its secrets redacted: `sent` (its text as sent) when nothing in it is secret. */
export const redactedJsonText = (value: unknown, sent?: string): string =>
  needsRedaction(value) ? JSON.stringify(redactSecrets(value)) : (sent ?? JSON.stringify(value) ?? '');

/** A form body (`a=1&client_secret=…`) with its secret-named fields redacted. */
export function redactedFormText(text: string): string {
  const redacted = redactSecrets(Object.fromEntries(new URLSearchParams(text))) as Record<string, string>;
  return Object.entries(redacted)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v === CENSOR ? v : encodeURIComponent(v)}`)
    .join('&');
}
