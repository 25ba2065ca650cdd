export * from './graphic.js';
export * from './commands.js';
export * from './parse.js';
export * from './analyze.js';
export { decodeFieldHex } from './fieldHex.js';
export {
  formatWarningsHeader,
  LINT_TEMPLATES,
  lintNoteOf,
  lintText,
  type LintCode,
  type ZplWarning,
} from './warnings.js';
export * from './sheet.js';
export * from './layout.js';
