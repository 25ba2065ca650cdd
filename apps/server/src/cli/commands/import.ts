import { datasetHelp } from '../../imports/help.js';
import { runImport, type Dataset } from '../../imports/registry.js';

/** A bad file lists this many rejected rows, then how many more. */
export const REJECTED_ROWS_SHOWN = 20;
import { CliError, type RegisterCommand } from '../command.js';

/** `lab import <dataset> <file>`: the modules' datasets, each file imported completely or not at all. */
export const importCommand =
  (datasets: Dataset<any>[]): RegisterCommand =>
  (program, ctx, setExit) => {
    const cmd = program
      .command('import')
      .description('load a data file into the database, all rows or none')
      .argument(
        '<dataset>',
        `what the file holds: ${datasets.map((d) => d.name).join(', ') || '(no datasets registered)'}`,
      )
      .argument(
        '<file...>',
        'the file (.csv, .json or .xlsx unless the dataset says otherwise; some datasets take several files or folders)',
      );
    // `lab import <dataset> --help`: commander has parsed the operands when it prints the help.
    cmd.addHelpText('after', () => {
      const ds = datasets.find((d) => d.name === cmd.args[0]);
      return ds
        ? `\n${datasetHelp(ds)}`
        : "\n`lab import <dataset> --help` shows a dataset's columns and an example row.";
    });
    const seen = new Set<string>();
    for (const ds of datasets) {
      for (const opt of ds.options ?? []) {
        if (seen.has(opt.name)) continue;
        seen.add(opt.name);
        cmd.option(`--${opt.name} <value>`, `${opt.description} (${ds.name})`);
      }
    }
    cmd.action(async (name: string, files: string[], opts: Record<string, string>) => {
      const db = await ctx.openDb();
      const file = files.join(' ');
      try {
        const report = await runImport(db, datasets, name, files, opts);
        if (report.ok) {
          ctx.out(report.summary ?? `imported ${report.imported} rows into ${name} from ${file}`);
          return;
        }
        ctx.err(`rejected ${file}: ${report.rejected.length} row(s) invalid, nothing imported`);
        for (const r of report.rejected.slice(0, REJECTED_ROWS_SHOWN)) ctx.err(`  row ${r.row}: ${r.reason}`);
        if (report.rejected.length > REJECTED_ROWS_SHOWN) {
          ctx.err(`  … and ${report.rejected.length - REJECTED_ROWS_SHOWN} more`);
        }
        setExit(2);
      } catch (err) {
        if (err instanceof Error && err.name === 'ImportError') throw new CliError(err.message);
        throw err;
      } finally {
        await db.close();
      }
    });
  };
