export * from './endpoints.js';
export * from './samples.js';
