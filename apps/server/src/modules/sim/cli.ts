import type { FastifyInstance } from 'fastify';
import { CliError, type RegisterCommand } from '../../cli/command.js';
import { parsePort } from '../../cli/commands/serve.js';
import { SIM_PREFIX } from '../../http/web.js';
import { postShipmentWebhooks, SIM_SCAN_EVENTS, UpstreamError } from './webhooks.js';

/** `lab sim` servers running in this process (tests close them). */
export const runningSimulators = new Set<FastifyInstance>();

export const DEFAULT_SIM_PORT = 8090;

function parseUrl(value: string): string {
  if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return value;
  throw new CliError(`--to must be an http(s) URL, got ${value}`);
}

/**
 * `lab sim [--port N]`: the offline simulators alone (the `simulatorModules` list), and
 * `lab sim webhooks --to URL --token T --tracking N`: signed shipment-visibility webhooks.
 */
export const registerSim: RegisterCommand = (program, ctx, setExit) => {
  const sim = program
    .command('sim')
    .description(`run the offline simulators alone (${SIM_PREFIX}/…), or post simulated webhooks`)
    .option('-p, --port <port>', `port to listen on (default ${DEFAULT_SIM_PORT})`, parsePort)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .action(async (opts: { port?: number; host: string }) => {
      const [{ buildApp }, { simulatorModules }] = await Promise.all([import('../../app.js'), import('../index.js')]);
      // The simulators keep no tables: an in-memory database keeps var/ untouched.
      const config = { ...ctx.config(), database: { dialect: 'sqlite' as const, file: ':memory:' } };
      const app = await buildApp(config, { modules: simulatorModules });
      runningSimulators.add(app);
      await app.listen({ port: opts.port ?? DEFAULT_SIM_PORT, host: opts.host });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : opts.port;
      const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
      ctx.out(
        `simulators listening on http://${host}:${port}${SIM_PREFIX}/ (${simulatorModules.map((m) => m.name).join(', ')})`,
      );
      const stop = () => void app.close().then(() => process.exit(0));
      if (process.env.VITEST === undefined) {
        process.once('SIGTERM', stop);
        process.once('SIGINT', stop);
      }
      setExit(-1); // keep running
    });

  sim
    .command('webhooks')
    .description('post signed shipment-visibility webhooks (one per scan event) for a tracking number')
    .requiredOption('--to <url>', 'the webhook destination, e.g. http://127.0.0.1:8080/lab/hooks/fdx/webhooktest')
    .requiredOption('--token <token>', 'the security token to sign with (x-fedex-signature)')
    .requiredOption('--tracking <number>', 'the tracking number the events are about')
    .option('--events <n>', `how many scan events to post, 1-${SIM_SCAN_EVENTS.length}`, String(SIM_SCAN_EVENTS.length))
    .action(async (opts: { to: string; token: string; tracking: string; events: string }) => {
      const to = parseUrl(opts.to);
      if (!/^[A-Za-z0-9]{8,40}$/.test(opts.tracking)) throw new CliError('--tracking must be 8-40 letters or digits');
      const events = Number(opts.events);
      if (!Number.isInteger(events) || events < 1 || events > SIM_SCAN_EVENTS.length) {
        throw new CliError(`--events must be a whole number from 1 to ${SIM_SCAN_EVENTS.length}`);
      }
      let deliveries;
      try {
        deliveries = await postShipmentWebhooks({ to, token: opts.token, tracking: opts.tracking, events });
      } catch (err) {
        if (err instanceof UpstreamError) throw new CliError(err.message, 1);
        throw err;
      }
      deliveries.forEach((d, i) => ctx.out(`${SIM_SCAN_EVENTS[i]!.code} ${d.status}${d.body ? ` ${d.body}` : ''}`));
      if (deliveries.some((d) => d.status >= 300)) setExit(1);
    });
};
