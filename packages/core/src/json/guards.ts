/** Small readers for parsed JSON (`unknown` in, a typed value or a safe default out). */

export type JsonObject = Record<string, unknown>;

/** A plain JSON object: not null, not an array. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The object itself, or a fresh `{}` for anything else. */
export function asObject(v: unknown): JsonObject {
  return isObject(v) ? v : {};
}

/** The array itself, or a fresh `[]` for anything else. */
export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** A string as is, a number as its decimal text, anything else `fallback`. */
export function asText(v: unknown, fallback = ''): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : fallback;
}

/** A string with something besides whitespace in it (returned untrimmed), else undefined. */
export function nonBlank(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}
