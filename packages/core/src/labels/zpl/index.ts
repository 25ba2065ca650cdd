export * from './graphic.js';
