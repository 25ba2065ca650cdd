/**
 * The lab as an MCP server: the modules' tools and resources on one `McpServer` (the official SDK),
 * for one client — a stdio agent (`lab mcp`) or one Streamable HTTP request (`/lab/api/mcp`).
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance } from 'fastify';
import { INTERNAL_CALL_HEADER } from '../http/auth.js';
import { SIM_PREFIX } from '../http/web.js';
import type { LabModule, ServiceContext, ServiceName } from '../module.js';
import { serverVersion } from '../version.js';
import { ToolError, type LabRequest, type LabResponse, type ToolContext, type ToolResult } from './tool.js';

/** The app the tools run in, and each module's view of it (app.ts `moduleContextOf`). */
export interface McpHost {
  app: FastifyInstance;
  modules: readonly LabModule[];
  contextOf: (m: LabModule) => ServiceContext<ServiceName>;
}

/**
 * Who calls: the headers that identify them to the site (its sign-in) and their address, so the
 * routes a tool calls see the same client as an HTTP request would (AUTH, rate limits, fair queue).
 */
export interface McpCaller {
  headers: Record<string, string>;
  remoteAddress: string;
}

export const MCP_SERVER_NAME = 'shipping-lab';

/** The MCP answer of a tool's result: its content blocks, and its structured result (also as text). */
function toCallResult(result: ToolResult): CallToolResult {
  const content: CallToolResult['content'] = [...(result.content ?? [])];
  if (result.structured) content.push({ type: 'text', text: JSON.stringify(result.structured) });
  return result.structured ? { content, structuredContent: result.structured } : { content };
}

const toolError = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

/** An in-process request to the app as `caller`: its identity on the site's routes, the internal key on the simulators'. */
function requesterFor(app: FastifyInstance, caller: McpCaller) {
  return async (req: LabRequest): Promise<LabResponse> => {
    const own = req.url.startsWith(`${SIM_PREFIX}/`) ? { [INTERNAL_CALL_HEADER]: app.internalCallKey } : caller.headers;
    const res = await app.inject({
      method: req.method,
      url: req.url,
      headers: { ...own, ...req.headers },
      payload: req.payload,
      remoteAddress: caller.remoteAddress,
    });
    return {
      statusCode: res.statusCode,
      headers: res.headers,
      body: res.body,
      rawPayload: res.rawPayload,
      json: () => res.json() as unknown,
    };
  };
}

/** One MCP server over the modules' tools and resources, for one caller. */
export function labMcpServer(host: McpHost, caller: McpCaller): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: serverVersion });
  const request = requesterFor(host.app, caller);
  for (const m of host.modules) {
    if (!m.tools && !m.resources) continue;
    const base = host.contextOf(m);
    const ctx: ToolContext<ServiceName> = { ...base, request };
    for (const tool of m.tools ?? []) {
      server.registerTool(
        tool.name,
        { description: tool.description, inputSchema: tool.input, outputSchema: tool.output },
        async (args: unknown) => {
          try {
            return toCallResult(await tool.run(args as never, ctx));
          } catch (err) {
            if (err instanceof ToolError) return toolError(err.message);
            host.app.log.error({ err, tool: tool.name }, 'MCP tool failed');
            return toolError('Internal Server Error');
          }
        },
      );
    }
    const resources = m.resources;
    if (resources) {
      const template = new ResourceTemplate(resources.template, {
        list: async () => ({
          resources: (await resources.list(base)).map((r) => ({ ...r, mimeType: resources.mimeType })),
        }),
      });
      server.registerResource(
        resources.name,
        template,
        { description: resources.description, mimeType: resources.mimeType },
        async (uri) => {
          const text = await resources.read(base, uri.href);
          if (text === undefined) throw new ToolError(`no resource ${uri.href}`);
          return { contents: [{ uri: uri.href, mimeType: resources.mimeType, text }] };
        },
      );
    }
  }
  return server;
}
