export * from './zones.js';
export * from './worldTime.js';
