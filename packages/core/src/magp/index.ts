export * from './fields.js';
export * from './check.js';
export * from './template.js';
