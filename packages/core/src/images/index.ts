export * from './dimensions.js';
