/**
 * `/lab/api/mcp`: the MCP server over Streamable HTTP (stateless: each POST is one JSON-RPC
 * exchange, answered as JSON), behind the site's AUTH like every API route.
 */
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { labMcpServer, type McpCaller, type McpHost } from './server.js';

export const MCP_PATH = '/mcp';

/** The caller as the site knew them: the headers that carry the sign-in (and its proxy's address chain), and its socket's peer. */
export function callerOf(request: FastifyRequest): McpCaller {
  const auth = request.server.config.auth;
  const names = ['authorization', 'x-forwarded-for', ...(auth.mode === 'proxy' ? [auth.header] : [])];
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return { headers, remoteAddress: request.raw.socket.remoteAddress ?? '127.0.0.1' };
}

export const mcpRoutes =
  (host: McpHost): FastifyPluginAsync =>
  async (api) => {
    api.post(MCP_PATH, { schema: { hide: true } }, async (request, reply) => {
      const server = labMcpServer(host, callerOf(request));
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    });
    // Stateless: no server-initiated stream to open, no session to end.
    const notAllowed = { message: 'MCP over HTTP here is stateless: POST JSON-RPC messages to this URL' };
    api.get(MCP_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.code(405).header('allow', 'POST').send(notAllowed),
    );
    api.delete(MCP_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.code(405).header('allow', 'POST').send(notAllowed),
    );
  };
