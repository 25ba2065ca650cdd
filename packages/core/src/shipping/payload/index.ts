export * from './choices.js';
export * from './state.js';
export * from './build.js';
export * from './transaction.js';
