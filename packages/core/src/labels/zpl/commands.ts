/**
 * The ZPL II commands we know: name, parameters with their ranges and defaults (from the ZPL II
 * programming guide), and what a command does to a field (for the linter and data extraction).
 * Every command of the reference corpus is here; a command that is not is an "unknown command".
 * The rows are commandTable.ts; this file is their types and the index over them.
 */
import { COMMAND_ROWS } from './commandTable.js';

export type ParamSpec =
  | { name: string; type: 'int' | 'num'; min: number; max: number; default?: number }
  | { name: string; type: 'enum'; values: readonly string[]; default?: string }
  | { name: string; type: 'text' };

/** What the command contributes to the current field. */
export type FieldRole = 'origin' | 'data' | 'end' | 'barcode' | 'font' | 'graphic' | 'comment';

export interface CommandSpec {
  /** `^` (format) and/or `~` (control). */
  kinds: readonly ('^' | '~')[];
  code: string;
  title: string;
  params: readonly ParamSpec[];
  role?: FieldRole;
  /** Barcodes: the symbology's name. */
  symbology?: string;
}

const TABLE = new Map<string, CommandSpec>();
for (const [kinds, code, title, params, role, symbology] of COMMAND_ROWS) {
  const spec: CommandSpec = {
    kinds: kinds.split('') as ('^' | '~')[],
    code,
    title,
    params,
    ...(role ? { role } : {}),
    ...(symbology ? { symbology } : {}),
  };
  for (const kind of spec.kinds) TABLE.set(kind + code, spec);
}

/** The spec of `^CODE` or `~CODE`, or undefined when we do not know the command. */
export function commandSpec(kind: '^' | '~', code: string): CommandSpec | undefined {
  return TABLE.get(kind + code.toUpperCase());
}

/** Every known command, `^FO`-style names. */
export function knownCommands(): string[] {
  return [...TABLE.keys()].sort();
}
