import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { parseDpmm, parseLabelIndex, parseLabelSize, parseRotation, type Parsed } from '@lab/core/labels';
import { inProcessRunner, RenderError } from './pool.js';
import { LabelIndexError, LabelService, type LabelFormat } from './service.js';
import { CliError, readInputFile, type CliContext } from '../../cli/command.js';

interface RenderOptions {
  dpmm: string;
  size: string;
  index?: string;
  rotate: string;
  format?: string;
  output: string;
}

function option<T>(name: string, r: Parsed<T>): T {
  if (!r.ok) throw new CliError(`--${name}: ${r.message}`);
  return r.value;
}

/** --format, else the output file's extension (.pdf → PDF), else PNG. */
function outputFormat(format: string | undefined, output: string): LabelFormat {
  if (format === undefined) return path.extname(output).toLowerCase() === '.pdf' ? 'pdf' : 'png';
  if (format === 'png' || format === 'pdf') return format;
  throw new CliError(`--format: use png or pdf, got "${format}"`);
}

/** `lab zpl render`: the label service's engine and options, run in this process (no server). */
export function registerZpl(program: Command, ctx: CliContext) {
  const zpl = program.command('zpl').description('ZPL label tools');
  zpl
    .command('render')
    .description('render a ZPL file to PNG or PDF with the engine of the label service (no server needed)')
    .argument('<file>', 'the ZPL file, or - for stdin')
    .option('--dpmm <n>', 'print density: 6, 8, 12 or 24 dots per mm', '8')
    .option('--size <WxH>', 'label size in inches, at most 15x15', '4x6')
    .option('--index <n>', 'label index, base 0 (PNG: the first label by default; PDF: every label by default)')
    .option('--rotate <degrees>', 'turn the output clockwise: 0, 90, 180 or 270', '0')
    .option('--format <png|pdf>', 'output format (default: from the output file extension, else png)')
    .requiredOption('-o, --output <file>', 'where to write the PNG or PDF')
    .action(async (file: string, opts: RenderOptions) => {
      const dpmm = option('dpmm', parseDpmm(opts.dpmm));
      const size = option('size', parseLabelSize(opts.size));
      const index = opts.index === undefined ? undefined : option('index', parseLabelIndex(opts.index));
      const rotation = option('rotate', parseRotation(opts.rotate));
      const format = outputFormat(opts.format, opts.output);
      const bytes = await readInputFile(ctx, file);
      if (bytes.byteLength === 0) throw new CliError(`${file === '-' ? 'stdin' : file} is empty`);

      const service = new LabelService({ runner: inProcessRunner, cacheBytes: 1 });
      try {
        const out = await service.render({ zpl: bytes, dpmm, size, index, rotation, format });
        fs.writeFileSync(opts.output, out.body);
        const what =
          index === undefined && format === 'pdf'
            ? `${out.total} label${out.total === 1 ? '' : 's'}`
            : `label ${(index ?? 0) + 1} of ${out.total}`;
        ctx.out(`wrote ${opts.output} (${format.toUpperCase()}, ${what})`);
      } catch (err) {
        if (err instanceof RenderError || err instanceof LabelIndexError) {
          throw new CliError(err.message);
        }
        if ((err as NodeJS.ErrnoException).code) {
          throw new CliError(`cannot write ${opts.output}: ${(err as NodeJS.ErrnoException).code}`, 1);
        }
        throw err;
      } finally {
        await service.close();
      }
    });
}
