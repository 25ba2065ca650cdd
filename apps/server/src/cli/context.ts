import { loadConfig, type AppConfig } from '../config.js';
import { openMigratedDatabase } from '../db/index.js';
import { collectMigrations, type LabModule } from '../module.js';
import type { CliContext } from './command.js';

export async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The real process: stdout/stderr, stdin, config from the environment (the modules' settings
 * too), the configured database with the modules' migrations.
 */
export function defaultContext(modules: readonly LabModule[]): CliContext {
  let config: AppConfig | undefined;
  const getConfig = () => (config ??= loadConfig(process.env, {}, modules));
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    stdin: readStdin,
    config: getConfig,
    openDb: () => openMigratedDatabase(getConfig().database, collectMigrations(modules)),
  };
}
