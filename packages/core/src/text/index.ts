export * from './base64.js';
