/** What the ZPL linter answers: one warning per problem, at the bytes it is about. */
import type { ZplCommand, ZplParam } from './parse.js';

export interface ZplWarning {
  /** Byte offset and length in the input the warning is about. */
  byteIndex: number;
  byteSize: number;
  /** `^BY`, `^FD` … (default prefixes). */
  command: string;
  /** 1-based parameter number, 0 for the command as a whole. */
  parameterNumber: number;
  message: string;
}

/**
 * Every sentence the linter writes, by code, in English with `{name}` placeholders: the warnings'
 * `message` is made from these (`lintText`), and a screen in another language reads a message back
 * into its code and values (`lintNoteOf`) to word it from its own table.
 */
export const LINT_TEMPLATES = {
  'graphic-crc': 'the {kind} data fails its CRC check',
  'graphic-base64': 'the {kind} data is not valid base64',
  'graphic-inflate': 'the Z64 data does not inflate',
  'graphic-row': 'the bytes per row must be at least 1',
  'graphic-char': 'unexpected character "{char}" in the graphic data',
  'graphic-size': 'the graphic declares {declared} bytes but its data holds {held}',
  'origin-x': 'field origin x {x} is outside the label width of {width} dots',
  'origin-y': 'field origin y {y} is outside the label length of {height} dots',
  'field-open': 'field data {command} is not closed by ^FS',
  'unknown-command': 'unknown command {command}; it is ignored',
  'xa-inside': '^XA inside a label (no ^XZ before it); it is ignored',
  'xz-alone': '^XZ without a ^XA before it',
  'no-format': 'no stored format {name} was downloaded before (^DF)',
  'no-xz': 'the label has no ^XZ',
  'code128-char': 'character "{char}" cannot be encoded in Code 128',
  'code128-pairs': 'Code 128 subset C (>;) takes pairs of digits: "{part}" is not',
  'ucc-digits': 'Code 128 UCC case mode (U) takes digits only',
  'ucc-long': 'Code 128 UCC case mode (U) uses the first 19 digits; {extra} more are ignored',
  'ucc-short': 'Code 128 UCC case mode (U) takes 19 digits; {count} are padded with zeros',
  'ean-digits': 'EAN-13 data must be digits only',
  'ean-length': 'EAN-13 takes 12 digits and a check digit; got {count} digits',
  'ean-check': 'EAN-13 check digit should be {check}, not {got}; {check} is printed',
  'qr-mode':
    'QR Code data must start with the error correction level and input mode, e.g. "QA,"; the first characters are read as such',
  'param-choice': 'invalid {name} "{text}": use one of {values}; {used} is used instead',
  'param-choice-nodefault': 'invalid {name} "{text}": use one of {values}',
  'param-number': 'invalid {name} "{text}": expected a number; {used} is used instead',
  'param-number-nodefault': 'invalid {name} "{text}": expected a number',
  'param-min': '{name} {value} is less than the minimum {min}; {min} is used instead',
  'param-max': '{name} {value} is greater than the maximum {max}; {max} is used instead',
} as const;

export type LintCode = keyof typeof LINT_TEMPLATES;

/** A linter sentence from its code and values. */
export function lintText(code: LintCode, values: Record<string, string | number> = {}): string {
  return LINT_TEMPLATES[code].replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** Each template as a pattern that reads a message back (longest first, so the more specific wins). */
const READERS = (Object.entries(LINT_TEMPLATES) as [LintCode, string][])
  .sort((a, b) => b[1].length - a[1].length)
  .map(([code, template]) => {
    const names: string[] = [];
    const source = template
      .split(/(\{\w+\})/)
      .map((part) => {
        const m = /^\{(\w+)\}$/.exec(part);
        if (!m) return escape(part);
        if (names.includes(m[1]!)) return `\\k<${m[1]}>`;
        names.push(m[1]!);
        return `(?<${m[1]}>[\\s\\S]*?)`;
      })
      .join('');
    return { code, pattern: new RegExp(`^${source}$`) };
  });

/** The code and values of a linter message (undefined for a message the linter does not write). */
export function lintNoteOf(message: string): { code: LintCode; values: Record<string, string> } | undefined {
  for (const { code, pattern } of READERS) {
    const m = pattern.exec(message);
    if (m) return { code, values: { ...m.groups } };
  }
  return undefined;
}

/** Records a warning about a command, or about one of its parameters when `at` is a non-empty one. */
export type Warn = (command: ZplCommand, parameterNumber: number, message: string, at?: ZplParam) => void;

/** A warning list and the `warn` that fills it. */
export function warningList(): { warnings: ZplWarning[]; warn: Warn } {
  const warnings: ZplWarning[] = [];
  const warn: Warn = (command, parameterNumber, message, at) => {
    const target = at && at.length > 0 ? at : undefined;
    warnings.push({
      byteIndex: target ? target.offset : command.offset,
      byteSize: target ? target.length : command.length,
      command: command.name,
      parameterNumber,
      message,
    });
  };
  return { warnings, warn };
}

/** The pipe-separated form of the public service: `byteIndex|byteSize|command|parameterNumber|message`, … */
export function formatWarningsHeader(warnings: readonly ZplWarning[], limit = 20): string {
  return warnings
    .slice(0, limit)
    .map((w) => [w.byteIndex, w.byteSize, w.command, w.parameterNumber, w.message.replace(/[|\r\n]/g, ' ')].join('|'))
    .join('|');
}
