export * from './expected.js';
export * from './check.js';
export * from './shipment.js';
export * from './notes.js';
