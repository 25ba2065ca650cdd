import pino from 'pino';
import type { LabModule } from '../../module.js';
import type { RegisterCommand } from '../command.js';

/**
 * `lab mcp`: the MCP server over stdio, for a coding agent that starts it: the app is built over
 * the configured database (DATABASE_URL, as the site's) and never listens; the tools call its
 * routes in-process. Logs go to stderr (stdout carries the protocol). AUTH does not apply: the
 * agent runs this process itself, with the site's own database access.
 */
export function mcpCommand(modules: readonly LabModule[]): RegisterCommand {
  return (program, ctx, setExit) => {
    program
      .command('mcp')
      .description('the MCP server over stdio for a coding agent (the tools of /lab/api/mcp)')
      .action(async () => {
        const [{ buildApp, moduleContextOf }, { labMcpServer }, { StdioServerTransport }] = await Promise.all([
          import('../../app.js'),
          import('../../mcp/server.js'),
          import('@modelcontextprotocol/sdk/server/stdio.js'),
        ]);
        const config = { ...ctx.config(), auth: { mode: 'off' as const } };
        const app = await buildApp(config, { modules, logDestination: pino.destination({ dest: 2, sync: true }) });
        const server = labMcpServer(
          { app, modules, contextOf: (m) => moduleContextOf(app, m) },
          { headers: {}, remoteAddress: '127.0.0.1' },
        );
        const transport = new StdioServerTransport();
        transport.onclose = () => void app.close().then(() => process.exit(0));
        process.stdin.once('end', () => void server.close());
        await server.connect(transport);
        setExit(-1); // keep running until the agent closes stdin
      });
  };
}
