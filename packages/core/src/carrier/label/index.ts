export * from './types.js';
export * from './routing.js';
export * from './services.js';
export * from './shipmentData.js';
export * from './layout.js';
export * from './zpl.js';
export * from './epl.js';
