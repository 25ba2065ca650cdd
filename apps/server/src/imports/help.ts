import { importCommandOf } from '@lab/core/datasets';
import type { Dataset } from './registry.js';

/** One CSV cell: quoted when it holds a comma, a quote or a line break. */
const csvCell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * What `lab import <dataset> --help` adds: the exact command, the columns with what each holds, an
 * example row as the file writes it, and the example file that ships in data/examples/.
 */
export function datasetHelp(dataset: Dataset<unknown>): string {
  const format = dataset.format;
  if (!format) return `${dataset.name}: ${dataset.description}`;
  const lines = [`${dataset.name}: ${dataset.description}`, '', `  ${importCommandOf(format.name)}`];
  if (format.layout) lines.push('', format.layout);
  if (format.columns.length > 0) {
    const width = Math.max(...format.columns.map((c) => c.name.length));
    lines.push('', 'columns:', ...format.columns.map((c) => `  ${c.name.padEnd(width)}  ${c.description}`));
    const names = format.columns.map((c) => c.name);
    const values = format.columns.map((c) => c.example);
    lines.push('', 'example row:');
    // A headerless tab-separated dump shows the line itself; the tabular files show header + row as CSV.
    if (format.file.endsWith('.txt>')) lines.push(`  ${values.join('\t')}`);
    else lines.push(`  ${names.join(',')}`, `  ${values.map(csvCell).join(',')}`);
  }
  lines.push('', `example file: data/examples/${format.exampleFile}`);
  return lines.join('\n');
}
