import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { parseDpmm, parseLabelIndex, parseLabelSize, parseRotation, type Parsed } from '@lab/core/labels';
import type { LabelCheckReply } from '@lab/core/contract';
import { shipmentExpectation, type ShipmentExpectation } from '@lab/core/labels/check';
import { checkLabels } from './check.js';
import { inProcessRunner, RenderError, RenderPool } from './pool.js';
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

/** A `lab zpl` subcommand taking a file and the label service's density and size. */
function labelCommand(zpl: Command, name: string, fileHelp: string): Command {
  return zpl
    .command(name)
    .argument('<file>', fileHelp)
    .option('--dpmm <n>', 'print density: 6, 8, 12 or 24 dots per mm', '8')
    .option('--size <WxH>', 'label size in inches, at most 15x15', '4x6');
}

/** `lab zpl render`: the label service's engine and options, run in this process (no server). */
export function registerZpl(program: Command, ctx: CliContext) {
  const zpl = program.command('zpl').description('ZPL label tools');
  labelCommand(zpl, 'render', 'the ZPL file, or - for stdin')
    .description('render a ZPL file to PNG or PDF with the engine of the label service (no server needed)')
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
  registerCheck(zpl, ctx);
}

interface CheckOptions {
  dpmm: string;
  size: string;
  reply?: string;
  tracking?: string;
  json?: boolean;
}

const MARK = { pass: '✓', warn: '!', fail: '✗' } as const;

/** `lab zpl check`: decode every bar code of the rendered labels and check it; exit 1 when one fails. */
function registerCheck(zpl: Command, ctx: CliContext) {
  labelCommand(zpl, 'check', 'the ZPL file (or a PNG label), or - for stdin')
    .description('decode every bar code of the rendered labels and check it against its ZPL field and the printer')
    .option('--reply <file>', 'the create-shipment reply (JSON): check tracking number, postal code and service')
    .option('--tracking <number>', "the piece's tracking number (default: the reply's master tracking number)")
    .option('--json', 'print the check as JSON (as the HTTP route answers)')
    .action(async (file: string, opts: CheckOptions) => {
      const dpmm = option('dpmm', parseDpmm(opts.dpmm));
      const size = option('size', parseLabelSize(opts.size));
      const body = await readInputFile(ctx, file);
      if (body.byteLength === 0) throw new CliError(`${file === '-' ? 'stdin' : file} is empty`);
      let shipment: ShipmentExpectation | undefined;
      if (opts.reply !== undefined) {
        let reply: unknown;
        try {
          reply = JSON.parse(Buffer.from(await readInputFile(ctx, opts.reply)).toString('utf8'));
        } catch (err) {
          if (err instanceof CliError) throw err;
          throw new CliError(`--reply: ${opts.reply} is not JSON`);
        }
        shipment = shipmentExpectation(reply, opts.tracking);
        if (!shipment) throw new CliError(`--reply: ${opts.reply} names no tracking number`);
      }

      // Rendering and decoding in one worker process, as the server's pool runs them: the decoder's
      // WebAssembly and the render engine's stay out of the calling process.
      const service = new LabelService({ runner: new RenderPool({ size: 1, timeoutMs: 60_000 }), cacheBytes: 1 });
      let result: LabelCheckReply;
      try {
        result = await checkLabels(service, { body, dpmm, size, shipments: shipment && [shipment] });
      } catch (err) {
        if (err instanceof RenderError) throw new CliError(err.message);
        throw err;
      } finally {
        await service.close();
      }
      if (opts.json) ctx.out(JSON.stringify(result, null, 2));
      else for (const line of checkLines(result)) ctx.out(line);
      if (result.verdict === 'fail') throw new CliError('a symbol failed the check', 1);
    });
}

/** One line a symbol (mark, symbology, decoded text, where, field), its warnings indented, then the shipment. */
export function checkLines(result: LabelCheckReply): string[] {
  const lines: string[] = [];
  for (const label of result.labels) {
    if (result.labels.length > 1) lines.push(`label ${label.index + 1} of ${result.labels.length}`);
    if (label.symbols.length === 0) lines.push('  no bar codes');
    for (const s of label.symbols) {
      const text = s.text === null ? 'not decoded' : JSON.stringify(s.text);
      const at = s.box
        ? ` at ${Math.round(s.box.x)},${Math.round(s.box.y)}`
        : s.field
          ? ` at ${s.field.x},${s.field.y}`
          : '';
      const field = s.field ? ` (field at byte ${s.field.byteIndex})` : '';
      lines.push(`${MARK[s.verdict]} ${s.symbology} ${text}${at}${field}`);
      for (const w of s.warnings) lines.push(`    ${w}`);
    }
    for (const c of label.shipment ?? []) lines.push(`${c.ok === null ? '–' : c.ok ? '✓' : '✗'} ${c.message}`);
  }
  return lines;
}
