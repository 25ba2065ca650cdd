import { Command, CommanderError } from 'commander';
import { checkModules, collectCommands, collectDatasets, collectMigrations, type LabModule } from '../module.js';
import { labModules } from '../modules/index.js';
import { serverVersion } from '../version.js';
import { CliError, type CliContext, type RegisterCommand } from './command.js';
import { importCommand } from './commands/import.js';
import { mcpCommand } from './commands/mcp.js';
import { migrateCommand } from './commands/migrate.js';
import { registerServe } from './commands/serve.js';
import { simCommand } from './commands/sim.js';
import { defaultContext } from './context.js';

/**
 * The framework's commands (serve, sim over the modules' simulators, migrate, import over the
 * modules' datasets, mcp over the modules' tools), then the modules' own.
 */
function labCommands(modules: readonly LabModule[]): RegisterCommand[] {
  return [
    registerServe,
    simCommand(modules),
    migrateCommand(collectMigrations(modules)),
    importCommand(collectDatasets(modules)),
    mcpCommand(modules),
    ...collectCommands(modules),
  ];
}

export function buildProgram(ctx: CliContext, setExit: (code: number) => void, commands: RegisterCommand[]) {
  const program = new Command('lab')
    .description('Shipping Lab: serve the site, manage its database, and run its tools from the shell')
    .version(serverVersion, '-V, --version', 'print the version')
    .enablePositionalOptions()
    .showHelpAfterError('(run lab --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.out(s.trimEnd()), writeErr: (s) => ctx.err(s.trimEnd()) });
  for (const register of commands) register(program, ctx, setExit);
  // Nested commands need the program's error handling too (no process.exit inside tests).
  const withOverride = (cmd: Command) => {
    cmd.exitOverride().configureOutput(program.configureOutput());
    cmd.commands.forEach(withOverride);
  };
  program.commands.forEach(withOverride);
  return program;
}

/**
 * Runs `lab` with the given modules' commands and returns the exit code: 0 done, 1 failure,
 * 2 bad input or arguments, undefined while still running (serve).
 */
export async function runCli(
  argv: string[],
  modules: readonly LabModule[] = labModules,
  ctx: CliContext = defaultContext(modules),
): Promise<number | undefined> {
  checkModules(modules);
  let exitCode = 0;
  const program = buildProgram(ctx, (c) => (exitCode = c), labCommands(modules));
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
