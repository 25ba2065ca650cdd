/**
 * JSON helpers shared by core, the server and the web app: type guards for parsed JSON, JSON
 * Pointer and local `$ref` resolution, schema `$ref`/`allOf` walking, bytes → text, and the
 * schema rule an Ajv error names (`schemaRuleOf`).
 */
export * from './guards.js';
export * from './pointer.js';
export * from './schema.js';
export * from './bytes.js';
export * from './schemaRule.js';
