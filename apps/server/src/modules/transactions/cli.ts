import type { Command } from 'commander';
import {
  checkFields,
  DEFAULT_DEFINITIONS_VERSION,
  DEFAULT_TRANSACTION_TYPE,
  fieldNumbers,
  parseTransaction,
  type CheckedField,
  type FormatProblem,
} from '@lab/core/transactions';
import { readInputFile, type CliContext } from '../../cli/command.js';
import { runSeeds } from '../../db/seeds.js';
import { createLogger } from '../../logger.js';
import { definitionsByIds } from './repo.js';
import { transactionsSeeder } from './seed.js';

export interface ParseOutput {
  format: 'correct' | 'incorrect';
  error?: FormatProblem;
  fields: CheckedField[];
}

interface ParseOptions {
  strict?: boolean;
  type: string;
  version: string;
}

/** `lab transaction parse`: the Parse Transaction screen for the shell, as JSON. */
export function registerTransaction(program: Command, ctx: CliContext, setExit: (code: number) => void) {
  const transaction = program.command('transaction').description('tagged shipping transactions (0,"020"…99,"")');
  transaction
    .command('parse')
    .description('check the format and name each field from the definitions; exit 0 when correct, 2 when not')
    .argument('<file>', 'the transaction file, or - for standard input')
    .option('--strict', 'no whitespace allowed between entries')
    .option('--type <type>', 'transaction type whose definitions name the fields', DEFAULT_TRANSACTION_TYPE)
    .option('--version <version>', 'software version of the definitions', DEFAULT_DEFINITIONS_VERSION)
    .action(async (file: string, opts: ParseOptions) => {
      const text = (await readInputFile(ctx, file)).toString('utf8');
      const parsed = parseTransaction(text, { strict: opts.strict ?? false });
      if (!parsed.ok) {
        const out: ParseOutput = { format: 'incorrect', error: parsed.error, fields: [] };
        ctx.out(JSON.stringify(out, null, 2));
        setExit(2);
        return;
      }
      const db = await ctx.openDb();
      try {
        // A database the server never started on still gets the starter definitions.
        await runSeeds(db, createLogger('silent'), [transactionsSeeder]);
        const defs = await definitionsByIds(db.kysely, opts.version, opts.type, fieldNumbers(parsed.fields));
        if (defs.length === 0) ctx.err(`lab: no definitions of these fields for ${opts.version} ${opts.type}`);
        const out: ParseOutput = {
          format: 'correct',
          fields: checkFields(parsed.fields, new Map(defs.map((d) => [d.id, d]))),
        };
        ctx.out(JSON.stringify(out, null, 2));
      } finally {
        await db.close();
      }
    });
}
