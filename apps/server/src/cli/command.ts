import type { Command } from 'commander';
import type { AppConfig } from '../config.js';
import type { Db } from '../db/index.js';
import { readFileOrFail } from '../imports/tabular.js';

/** What commands share: output streams (tests capture them) and a way to open the database. */
export interface CliContext {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Reads stdin fully (for `-` file arguments). */
  stdin: () => Promise<Buffer>;
  config: () => AppConfig;
  /** Opens the configured database with every migration applied. The caller closes it. */
  openDb: () => Promise<Db>;
}

/** Adds one `lab` subcommand; `setExit` sets the exit code (-1 keeps the process running). */
export type RegisterCommand = (program: Command, ctx: CliContext, setExit: (code: number) => void) => void;

/** A command the framework registers (e.g. `sim`), for a module to add a subcommand to. */
export function frameworkCommand(program: Command, name: string): Command {
  const command = program.commands.find((c) => c.name() === name);
  if (!command) throw new Error(`lab has no ${name} command to add to`);
  return command;
}

/** An error whose message is shown as is, with the exit code it carries (2 = bad input). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** The bytes of a `<file>` argument, or of stdin for `-`; an unreadable file is a CliError (exit 2). */
export async function readInputFile(ctx: CliContext, file: string): Promise<Buffer> {
  if (file === '-') return ctx.stdin();
  try {
    return await readFileOrFail(file);
  } catch (err) {
    throw new CliError((err as Error).message);
  }
}
