export * from './graphic.js';
export * from './commands.js';
export * from './parse.js';
export * from './analyze.js';
export { decodeFieldHex } from './fieldHex.js';
export { formatWarningsHeader, type ZplWarning } from './warnings.js';
export * from './sheet.js';
export * from './layout.js';
