/**
 * How the playground's demos read a carrier answer (pure, shared by the web app and the e2e suite):
 * the locations, the postal summary, and the labels and documents of a created shipment.
 */
export * from './locations.js';
export * from './postal.js';
export * from './shipment.js';
