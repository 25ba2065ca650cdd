import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { registerImport } from './import.js';
import { registerMigrate } from './migrate.js';
import { registerServe } from './serve.js';
import { registerTransaction } from './transaction.js';
import { registerWebhook } from './webhook.js';
import { registerZpl } from './zpl.js';

export type RegisterCommand = (program: Command, ctx: CliContext, setExit: (code: number) => void) => void;

/** Every `lab` subcommand. A module with a command adds one line here. */
export const commands: RegisterCommand[] = [
  registerServe,
  registerMigrate,
  registerImport,
  registerWebhook,
  registerTransaction,
  registerZpl,
];
