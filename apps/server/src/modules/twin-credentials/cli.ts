import { isCarrierEnvironment } from '@lab/core/carrier';
import { TWIN_CLIENT_ID_PATTERN } from '@lab/core/contract';
import { CliError, frameworkCommand, type CliContext, type RegisterCommand } from '../../cli/command.js';
import { TwinCredentials } from './credentials.js';

/** Runs `work` on the configured database's credentials, closing the database after. */
async function withCredentials<T>(ctx: CliContext, work: (c: TwinCredentials) => Promise<T>): Promise<T> {
  const db = await ctx.openDb();
  try {
    return await work(new TwinCredentials(db));
  } finally {
    await db.close();
  }
}

/**
 * `lab sim credentials create|list|revoke`: the twin credentials in the configured database (the
 * one `lab serve` uses), for client programs under AUTH=basic/proxy.
 */
export const registerTwinCredentials: RegisterCommand = (program, ctx) => {
  const command = frameworkCommand(program, 'sim')
    .command('credentials')
    .description("issue, list or revoke the carrier twin's client credentials (for client programs under AUTH)");

  command
    .command('create')
    .description('issue a credential; prints JSON {"clientId","clientSecret"} (the secret is shown only now)')
    .option('--environment <env>', 'sandbox or production', 'sandbox')
    .option('--name <name>', 'what the credential is for', '')
    .action(async (opts: { environment: string; name: string }) => {
      if (!isCarrierEnvironment(opts.environment)) {
        throw new CliError(`--environment must be sandbox or production, got ${opts.environment}`);
      }
      const environment = opts.environment;
      const name = opts.name.trim();
      if (name.length > 100 || [...name].some((c) => c < ' ' || c === '\x7f')) {
        throw new CliError('--name must be at most 100 characters, without control characters');
      }
      const issued = await withCredentials(ctx, (c) => c.issue(environment, name));
      ctx.out(JSON.stringify({ clientId: issued.clientId, clientSecret: issued.clientSecret }));
    });

  command
    .command('list')
    .description('list the credentials as JSON lines (never a secret)')
    .action(async () => {
      const list = await withCredentials(ctx, (c) => c.list());
      for (const credential of list) ctx.out(JSON.stringify(credential));
    });

  command
    .command('revoke')
    .description('revoke a credential: its tokens stop working')
    .argument('<clientId>', 'the credential to revoke')
    .action(async (clientId: string) => {
      if (!TWIN_CLIENT_ID_PATTERN.test(clientId)) throw new CliError(`not a twin client id: ${clientId}`);
      if (!(await withCredentials(ctx, (c) => c.revoke(clientId)))) {
        throw new CliError(`no twin credential has the client id ${clientId}`, 1);
      }
      ctx.out(`revoked ${clientId}`);
    });
};
