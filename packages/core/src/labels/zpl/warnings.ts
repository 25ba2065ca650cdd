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
