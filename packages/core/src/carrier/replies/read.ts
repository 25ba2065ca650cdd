/** Lenient readers of a carrier answer: core's JSON guards under short names, and a finite number. */
export { asArray as arr, asObject as obj, asText as str, type JsonObject as Json } from '../../json/index.js';

export const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
