/**
 * Secret masking for pasted logs: values of keys that carry credentials (client_secret,
 * access_token, Authorization, API keys, passwords) are replaced, in parsed JSON and XML and in
 * plain `key=value` / `key: value` text alike.
 */

export const SECRET_MASK = '********';

/** Key names compared lower-case with `-` and `_` removed. */
const SECRET_KEY = /(secret|token|password|passwd|apikey|authorization|clientassertion|credential)$/;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_\s]/g, ''));
}

/** `Bearer abc` → `Bearer ********` (the scheme says what kind of credential it was). */
export function maskSecretValue(value: string): string {
  const scheme = /^(Bearer|Basic|Digest|Token|ApiKey)\s+/i.exec(value);
  return scheme ? `${scheme[0]}${SECRET_MASK}` : SECRET_MASK;
}

/** Masks secret-keyed values anywhere in a parsed JSON value; counts what it masked. */
export function maskJsonSecrets(value: unknown, counter: { count: number }): unknown {
  if (Array.isArray(value)) return value.map((v) => maskJsonSecrets(v, counter));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (isSecretKey(k) && (typeof v === 'string' || typeof v === 'number') && v !== '') {
        counter.count++;
        out[k] = maskSecretValue(String(v));
      } else {
        out[k] = maskJsonSecrets(v, counter);
      }
    }
    return out;
  }
  return value;
}

const KEY_NAMES =
  '(?:client[_-]?secret|[a-z_-]*access[_-]?token|refresh[_-]?token|id[_-]?token|x-api-key|api[_-]?key|apikey|password|(?:proxy-)?authorization)';
const TEXT_SECRET = new RegExp(
  `(\\b${KEY_NAMES}\\b["']?\\s*[:=]\\s*["']?)((?:Bearer|Basic|Digest|Token)\\s+)?([^\\s"'&,;<>}\\]]+)`,
  'gi',
);

/** Masks `key=value`, `key: value`, `"key":"value"` and header lines in free text. */
export function maskTextSecrets(text: string, counter: { count: number }): string {
  return text.replace(TEXT_SECRET, (_m, head: string, scheme: string | undefined) => {
    counter.count++;
    return `${head}${scheme ?? ''}${SECRET_MASK}`;
  });
}
