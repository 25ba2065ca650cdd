export * from './format.js';
export * from './ship.js';
export * from './definitions.js';
export * from './search.js';
export * from './types.js';
