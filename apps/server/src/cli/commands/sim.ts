import type { FastifyInstance } from 'fastify';
import { SIM_PREFIX } from '../../http/web.js';
import { simulatorsOf, type LabModule } from '../../module.js';
import type { RegisterCommand } from '../command.js';
import { parsePort } from '../options.js';

/** `lab sim` servers running in this process (tests close them). */
export const runningSimulators = new Set<FastifyInstance>();

export const DEFAULT_SIM_PORT = 8090;

/**
 * `lab sim [--port N]`: the offline simulators alone: the modules of the list with routes under
 * /lab/sim, assembled with the modules that provide what they need (built, not mounted: only
 * /lab/sim answers), on an in-memory database. Modules add subcommands (`lab sim webhooks`).
 */
export function simCommand(modules: readonly LabModule[]): RegisterCommand {
  const simulators = simulatorsOf(modules);
  const names = simulators.filter((m) => m.sim).map((m) => m.name);
  return (program, ctx, setExit) => {
    program
      .command('sim')
      .description(`run the offline simulators alone (${SIM_PREFIX}/…), or post simulated webhooks`)
      .option('-p, --port <port>', `port to listen on (default ${DEFAULT_SIM_PORT})`, parsePort)
      .option('--host <host>', 'address to listen on', '127.0.0.1')
      .action(async (opts: { port?: number; host: string }) => {
        const { buildApp } = await import('../../app.js');
        // The simulators keep no tables: an in-memory database keeps var/ untouched.
        const config = { ...ctx.config(), database: { dialect: 'sqlite' as const, file: ':memory:' } };
        const app = await buildApp(config, { modules: simulators, simulatorsOnly: true });
        runningSimulators.add(app);
        await app.listen({ port: opts.port ?? DEFAULT_SIM_PORT, host: opts.host });
        const address = app.server.address();
        const port = typeof address === 'object' && address ? address.port : opts.port;
        const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
        ctx.out(`simulators listening on http://${host}:${port}${SIM_PREFIX}/ (${names.join(', ')})`);
        const stop = () => void app.close().then(() => process.exit(0));
        if (process.env.VITEST === undefined) {
          process.once('SIGTERM', stop);
          process.once('SIGINT', stop);
        }
        setExit(-1); // keep running
      });
  };
}
