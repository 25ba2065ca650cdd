/**
 * The JSON Schema rule a value breaks, as a keyword and its values as text, so a screen can word
 * the finding in the reader's language (the English sentence beside it is the server's). Built from
 * an Ajv error's `keyword` and `params`.
 */
export interface SchemaRule {
  keyword: string;
  params: Record<string, string>;
}

/** How many allowed values a rule lists before it says how many there are. */
export const LISTED_VALUES = 12;

/** `a, b, c` — at most LISTED_VALUES values, then `, … (N values)`. */
export function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, LISTED_VALUES).map(String).join(', ');
  return values.length > LISTED_VALUES ? `${shown}, … (${values.length} values)` : shown;
}

function paramText(value: unknown): string {
  if (Array.isArray(value)) return listValues(value);
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The rule of an Ajv error: its keyword, each param as text (lists as `listValues` writes them). */
export function schemaRuleOf(err: { keyword: string; params: object }): SchemaRule {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(err.params)) if (v !== undefined) params[k] = paramText(v);
  return { keyword: err.keyword, params };
}
