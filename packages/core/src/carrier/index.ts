export * from './endpoints.js';
export * from './environments.js';
export * from './call.js';
export * from './errors.js';
export * from './samples.js';
export * from './gateway.js';
