import type { RegisterCommand } from '../command.js';
import { parsePort } from '../options.js';

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
