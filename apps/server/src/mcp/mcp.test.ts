import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { listenLoopback } from '../test/http.js';
import { checkWorkedExample, cnToUsShipment, MCP_CASES, MCP_TOOLS, SMALL_LABEL, structured } from '../test/mcp.js';

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
  it('is stateless: GET and DELETE answer 405 with a message', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/lab/api/mcp' });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('POST');
      expect(res.json()).toEqual({
        message: 'MCP over HTTP here is stateless: POST JSON-RPC messages to this URL',
      });
    }
  });
  it.each(MCP_CASES)('%s', (_name, check) => check(client, t.app));
  it("the README's worked example: CN → US validated, created, its label rendered and checked", () =>
    checkWorkedExample(client));
});

describe('MCP over HTTP under AUTH=basic', () => {
  let t: TestApp;
  let base: string;
  let dir: string;
  const basic = `Basic ${Buffer.from('ada:s3cret').toString('base64')}`;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-mcp-auth-'));
    const file = path.join(dir, 'htpasswd');
    fs.writeFileSync(file, `ada:${bcrypt.hashSync('s3cret', 4)}\n`);
    t = await buildTestApp('sqlite', {}, { imported: true, env: { AUTH: 'basic', AUTH_HTPASSWD_FILE: file } });
    base = await listenLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a client without credentials, as every API route', async () => {
    const refused =
      'Error POSTing to endpoint: {"message":"authentication required: sign in with your user name and password"}';
    await expect(connect(base)).rejects.toThrow(refused);
    const wrong = `Basic ${Buffer.from('ada:nope').toString('base64')}`;
    await expect(connect(base, { authorization: wrong })).rejects.toThrow(refused);
  });

  it("serves a signed-in client: its label render passes the site's AUTH in-process", async () => {
    const client = await connect(base, { authorization: basic });
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOLS);
      const png = await client.callTool({ name: 'zpl_render', arguments: { zpl: SMALL_LABEL } });
      expect(png.isError ?? false).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('and its twin calls reach the twin under AUTH (the per-app internal key), with the token handled', async () => {
    const client = await connect(base, { authorization: basic });
    try {
      const created = await structured<{ status: number }>(client, 'twin_call', {
        endpoint: 'ship-create',
        body: cnToUsShipment(),
      });
      expect(created.status).toBe(200);
      const clock = await structured<{ environment: string }>(client, 'twin_clock', { environment: 'production' });
      expect(clock.environment).toBe('production');
    } finally {
      await client.close();
    }
  });
});
