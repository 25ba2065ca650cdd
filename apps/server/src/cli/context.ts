import { loadConfig, type AppConfig } from '../config.js';
import { readFileOrFail } from '../imports/tabular.js';
import { migrateToLatest, openDatabase, type Db } from '../db/index.js';

/** What commands share: output streams (tests capture them) and a way to open the database. */
export interface CliContext {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Reads stdin fully (for `-` file arguments). */
  stdin: () => Promise<Buffer>;
  config: () => AppConfig;
  /** Opens the configured database with migrations applied. The caller closes it. */
  openDb: () => Promise<Db>;
}

export async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function defaultContext(): CliContext {
  let config: AppConfig | undefined;
  const getConfig = () => (config ??= loadConfig(process.env));
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    stdin: readStdin,
    config: getConfig,
    openDb: async () => {
      const db = openDatabase(getConfig().database);
      try {
        await migrateToLatest(db);
      } catch (err) {
        await db.close();
        throw err;
      }
      return db;
    },
  };
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
