import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../config.js';
import { repoRoot } from '../paths.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { MCP_CASES, MCP_TOOLS } from '../test/mcp.js';

/**
 * `lab mcp` as an agent starts it: the built CLI (dist/, built by the global setup) as a child
 * process over stdio, on a database file an app of this test opens too (as the site would share
 * DATABASE_URL), so each answer is checked against the HTTP routes and the HTTP twin of that app.
 */
describe('MCP over stdio (lab mcp, the built CLI)', () => {
  let t: TestApp;
  let client: Client;
  let stderr = '';
  beforeAll(async () => {
    t = await buildTestApp('sqlite', {}, { imported: true });
    const file = (t.config.database as Extract<DatabaseConfig, { dialect: 'sqlite' }>).file;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(repoRoot, 'apps/server/bin/lab.js'), 'mcp'],
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: `sqlite:${file}`, LOG_LEVEL: 'warn' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
    client = new Client({ name: 'lab-test', version: '1.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  it('lists every tool; logs go to stderr, never into the protocol', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort(), stderr).toEqual(MCP_TOOLS);
  });
  it.each(MCP_CASES)('%s', (_name, check) => check(client, t.app));
});
