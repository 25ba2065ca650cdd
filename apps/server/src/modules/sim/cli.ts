import { CliError, frameworkCommand, type RegisterCommand } from '../../cli/command.js';
import { HttpClient, UpstreamError } from '../../http/outbound.js';
import { postShipmentWebhooks, SIM_SCAN_EVENTS } from './webhooks.js';

function parseUrl(value: string): string {
  if (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)) return value;
  throw new CliError(`--to must be an http(s) URL, got ${value}`);
}

/** `lab sim webhooks --to URL --token T --tracking N`: signed shipment-visibility webhooks. */
export const registerSimWebhooks: RegisterCommand = (program, ctx, setExit) => {
  frameworkCommand(program, 'sim')
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
      // A one-shot command: its own outbound client, closed when done.
      const client = new HttpClient();
      let deliveries;
      try {
        deliveries = await postShipmentWebhooks(client, { to, token: opts.token, tracking: opts.tracking, events });
      } catch (err) {
        if (err instanceof UpstreamError) throw new CliError(err.message, 1);
        throw err;
      } finally {
        await client.close();
      }
      deliveries.forEach((d, i) => ctx.out(`${SIM_SCAN_EVENTS[i]!.code} ${d.status}${d.body ? ` ${d.body}` : ''}`));
      if (deliveries.some((d) => d.status >= 300)) setExit(1);
    });
};
