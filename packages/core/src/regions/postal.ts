export type { PostalPlace } from '../contract/lookups.js';
