import { Command, CommanderError } from 'commander';
import { serverVersion } from '../version.js';
import { commands as allCommands, type RegisterCommand } from './commands/index.js';
import { CliError, defaultContext, type CliContext } from './context.js';

export function buildProgram(
  ctx: CliContext,
  setExit: (code: number) => void,
  commands: RegisterCommand[] = allCommands,
) {
  const program = new Command('lab')
    .description('Shipping Lab: serve the site, manage its database, and run its tools from the shell')
    .version(serverVersion, '-V, --version', 'print the version')
    .enablePositionalOptions()
    .showHelpAfterError('(run lab --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.out(s.trimEnd()), writeErr: (s) => ctx.err(s.trimEnd()) });
  for (const register of commands) register(program, ctx, setExit);
  for (const cmd of program.commands) cmd.exitOverride().configureOutput(program.configureOutput());
  return program;
}

/**
 * Runs `lab` and returns the exit code: 0 done, 1 failure, 2 bad input or arguments,
 * -1 still running (serve).
 */
export async function runCli(
  argv: string[],
  ctx: CliContext = defaultContext(),
  commands?: RegisterCommand[],
): Promise<number | undefined> {
  let exitCode = 0;
  const program = buildProgram(ctx, (c) => (exitCode = c), commands);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.exitCode === 0) return 0;
      return 2;
    }
    if (err instanceof CliError) {
      ctx.err(`lab: ${err.message}`);
      return err.exitCode;
    }
    ctx.err(`lab: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  return exitCode === -1 ? undefined : exitCode;
}
