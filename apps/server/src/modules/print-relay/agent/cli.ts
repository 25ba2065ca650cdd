import type { Command } from 'commander';
import { AGENT_URL_HTTP } from '@lab/core/print';
import { CliError, type CliContext } from '../../../cli/command.js';
import { imageToZplLabelFromFile } from '../graphic.js';
import { DEFAULT_TIMEOUTS, openPrinter, parsePrinterSpec } from './devices.js';
import { startPrintAgent } from './server.js';

interface AgentOptions {
  port: string;
  printer: string[];
  default?: string;
  allowOrigin: string[];
  connectTimeout: string;
  writeTimeout: string;
  readTimeout: string;
}

const collect = (value: string, previous: string[]) => [...previous, value];

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n <= 0) throw new CliError(`--${name}: a positive whole number of milliseconds`);
  return n;
}

function originOf(name: string, text: string): string {
  if (!/^https?:\/\//i.test(text) || !URL.canParse(text))
    throw new CliError(`--${name}: ${text} is not an http(s) origin`);
  return new URL(text).origin;
}

/**
 * `lab print-agent`: a Zebra-Browser-Print-compatible agent on 127.0.0.1 forwarding to network
 * printers (raw TCP 9100) or to folders (virtual printers), so the Browser Print screen works
 * without Zebra's desktop software.
 */
export function registerPrintAgent(program: Command, ctx: CliContext, setExit: (code: number) => void) {
  program
    .command('print-agent')
    .description('run a Browser-Print-compatible agent on 127.0.0.1 for raw TCP 9100 printers or folder printers')
    .option(
      '--port <n>',
      `port on 127.0.0.1 (0 = any free port; Zebra's agent uses ${new URL(AGENT_URL_HTTP).port})`,
      '9100',
    )
    .option(
      '--printer <NAME=URL>',
      'a printer: NAME=tcp://HOST:9100 or NAME=file:DIR, optional ?dpmm=8&width=4 (repeatable)',
      collect,
      [],
    )
    .option('--default <NAME>', 'the default printer (default: the first)')
    .option(
      '--allow-origin <URL>',
      'a site origin that may use the agent (repeatable; default PUBLIC_BASE_URL, http://localhost:8080 and http://127.0.0.1:8080)',
      collect,
      [],
    )
    .option('--connect-timeout <ms>', 'TCP connect timeout', String(DEFAULT_TIMEOUTS.connectMs))
    .option(
      '--write-timeout <ms>',
      "TCP write timeout: the job written and the printer's clean close of the connection",
      String(DEFAULT_TIMEOUTS.writeMs),
    )
    .option(
      '--read-timeout <ms>',
      'how long /read waits for an answer when no job brought one',
      String(DEFAULT_TIMEOUTS.readMs),
    )
    .action(async (opts: AgentOptions) => {
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new CliError('--port: 0 to 65535');
      if (opts.printer.length === 0)
        throw new CliError('name at least one --printer NAME=tcp://HOST:9100 or NAME=file:DIR');
      let specs;
      try {
        specs = opts.printer.map(parsePrinterSpec);
      } catch (err) {
        throw new CliError((err as Error).message);
      }
      const names = specs.map((s) => s.name);
      if (new Set(names).size !== names.length) throw new CliError('--printer: two printers have the same name');
      if (opts.default !== undefined && !names.includes(opts.default)) {
        throw new CliError(`--default: no printer named ${opts.default} (have ${names.join(', ')})`);
      }
      const timeouts = {
        connectMs: positive('connect-timeout', opts.connectTimeout),
        writeMs: positive('write-timeout', opts.writeTimeout),
        readMs: positive('read-timeout', opts.readTimeout),
      };
      let origins = opts.allowOrigin.map((o) => originOf('allow-origin', o));
      if (origins.length === 0) {
        const base = ctx.config().publicBaseUrl;
        origins = [...(base ? [new URL(base).origin] : []), 'http://localhost:8080', 'http://127.0.0.1:8080'];
      }
      const printers = specs.map((s) => openPrinter(s, timeouts));
      const agent = await startPrintAgent(
        {
          printers,
          defaultName: opts.default,
          allowOrigins: origins,
          convert: imageToZplLabelFromFile,
          onJob: (device, bytes, what) =>
            ctx.out(`${what === 'convert' ? 'image' : 'job'} → ${device.name}: ${bytes} bytes`),
        },
        port,
      ).catch((err: NodeJS.ErrnoException) => {
        throw new CliError(`cannot listen on 127.0.0.1:${port}: ${err.code ?? err.message}`, 1);
      });
      ctx.out(`print agent listening on ${agent.url}`);
      ctx.out(
        `printers: ${printers.map((p) => `${p.device.name} (${p.device.uid})`).join(', ')}; default ${opts.default ?? names[0]}`,
      );
      ctx.out(`allowed origins: ${origins.join(', ')}`);
      setExit(-1);
      const stop = () => {
        void agent.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
