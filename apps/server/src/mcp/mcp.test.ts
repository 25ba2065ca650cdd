import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { listenLoopback } from '../test/http.js';
import { checkDocTools, checkLabelTools, checkRuleTools, checkTwinTools, MCP_TOOLS } from '../test/mcp.js';

const connect = async (base: string, headers: Record<string, string> = {}) => {
  const client = new Client({ name: 'lab-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/lab/api/mcp`), { requestInit: { headers } }));
  return client;
};

describe('MCP over Streamable HTTP at /lab/api/mcp', () => {
  let t: TestApp;
  let client: Client;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {}, { imported: true });
    client = await connect(await listenLoopback(t.app));
  });
  afterAll(async () => {
    await client.close();
    await t.close();
  });

  it('lists every tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOLS);
  });
  it('the carrier documents: search, schema, resources', () => checkDocTools(client));
  it('labels: render (pixels as the HTTP render), lint, check', () => checkLabelTools(client, t.app));
  it('the twin: validate, call (trackable through the HTTP twin), shipments, clock', () =>
    checkTwinTools(client, t.app));
  it('transactions and webhook signatures', () => checkRuleTools(client));
});
