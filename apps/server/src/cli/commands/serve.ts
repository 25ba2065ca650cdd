import { InvalidArgumentError } from 'commander';
import type { RegisterCommand } from '../command.js';

export function parsePort(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  return n;
}

export const registerServe: RegisterCommand = (program, _ctx, setExit) => {
  program
    .command('serve')
    .description('start the web server (migrations and seeds run first)')
    .option('-p, --port <port>', 'port to listen on (default: $PORT or 8080)', parsePort)
    .action(async (opts: { port?: number }) => {
      const { serve } = await import('../../main.js');
      await serve(opts.port === undefined ? {} : { port: opts.port });
      setExit(-1); // keep running
    });
};
