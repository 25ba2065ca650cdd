/**
 * The HTTP contract between @lab/server and @lab/web: request and reply shapes declared once, as
 * zod schemas. The server validates and serialises with them (and publishes them in its OpenAPI);
 * the web app reads their types only (`import type`), so a change on one side that the other does
 * not follow is a compile error, and no zod code reaches the browser. `apiRoutes` (routes.ts) gives
 * every JSON route under /lab/api its schemas by name; the names, methods and paths themselves are
 * @lab/core/routes (zod-free, read by the web client and its test fake).
 */
export * from './common.js';
export * from './system.js';
export * from './transactions.js';
export * from './lookups.js';
export * from './shipping.js';
export * from './webhooks.js';
export * from './gateway.js';
export * from './openapi.js';
export * from './printRelay.js';
export * from './labels.js';
export * from './simulator.js';
export * from './twinCredentials.js';
export * from './routes.js';
