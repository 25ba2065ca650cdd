/**
 * Comparing two releases of an OpenAPI document for a client of the API: what changed per
 * operation and field (compare.ts), how each change affects a client (rules.ts), where a schema
 * is used (whereUsed.ts), and the change list as Markdown.
 */
export * from './rules.js';
export * from './operations.js';
export * from './compare.js';
export * from './whereUsed.js';
export * from './markdown.js';
