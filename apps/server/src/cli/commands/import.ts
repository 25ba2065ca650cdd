import { runImport, type Dataset } from '../../imports/registry.js';
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
        for (const r of report.rejected.slice(0, 50)) ctx.err(`  row ${r.row}: ${r.reason}`);
        if (report.rejected.length > 50) ctx.err(`  … and ${report.rejected.length - 50} more`);
        setExit(2);
      } catch (err) {
        if (err instanceof Error && err.name === 'ImportError') throw new CliError(err.message);
        throw err;
      } finally {
        await db.close();
      }
    });
  };
