export * from './matching.js';
export * from './cityIndex.js';
export * from './usStates.js';
export * from './hsCodes.js';
export * from './etdEci.js';
export * from './postal.js';
export * from './subdivisions.js';
export * from './geo.js';
