export * from './tracking.js';
export * from './neighbours.js';
export * from './account.js';
export * from './dimWeight.js';
