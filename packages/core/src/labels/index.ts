export * from './payload.js';
export * from './sample.js';
export * from './sizes.js';
