import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type ToolContext } from './mcp/tool.js';
import { defineModule, registerPlugin, type ModulePlugin, type ServiceContext } from './module.js';
import { buildTestApp, type TestApp } from './test/helpers.js';

// `needs` checked by the compiler: `npm run typecheck` compiles this file, and each
// `@ts-expect-error` below must meet an error (an unused one fails tsc), so a module that uses a
// service it does not name stops compiling. The runtime check behind it is in services.test.ts.

interface Tally {
  add(): number;
}

declare module './module.js' {
  interface LabServices {
    /** Test-only services (this file). */
    testTally: Tally;
    testTallyReport: { text(): string };
  }
}

const tallyRoutes: ModulePlugin<'testTally'> = async (app) => {
  app.get('/test/tally', async () => ({ count: app.services.testTally.add() }));
};

const tallyModule = defineModule({
  name: 'test-tally',
  provides: {
    testTally: () => {
      let n = 0;
      return { add: () => ++n };
    },
  },
});

// The correct forms compile: a plugin using what its module needs, a factory using what its module
// needs (and provides), a nested plugin using some of its parent's services.
const reportModule = defineModule({
  name: 'test-tally-report',
  needs: ['testTally'],
  provides: {
    testTallyReport: ({ services }: ServiceContext<'testTally'>) => ({ text: () => `#${services.testTally.add()}` }),
  },
  api: async (app) => {
    app.get('/test/report', async () => ({ text: app.services.testTallyReport.text() }));
    await registerPlugin(app, tallyRoutes);
  },
});

/** An MCP tool using testTally: its module must name it, as for a plugin. */
const tallyTool = defineTool({
  name: 'test_tally',
  description: 'counts',
  input: z.object({}),
  run: async (_args, ctx: ToolContext<'testTally'>) => ({ structured: { count: ctx.services.testTally.add() } }),
});
export const toolModule = defineModule({ name: 'test-tally-tool', needs: ['testTally'], tools: [tallyTool] });

// The wrong forms do not.
export const wrongForms = [
  defineModule({
    name: 'route-plugin-uses-an-undeclared-service',
    // @ts-expect-error -- tallyRoutes uses testTally, which the module does not name in needs
    api: tallyRoutes,
  }),
  defineModule({
    name: 'inline-plugin-uses-an-undeclared-service',
    needs: ['testTallyReport'],
    api: async (app) => {
      // @ts-expect-error -- testTally is not in needs
      app.get('/x', async () => ({ count: app.services.testTally.add() }));
    },
  }),
  defineModule({
    name: 'factory-uses-an-undeclared-service',
    provides: {
      // @ts-expect-error -- the factory uses testTally, which the module does not name in needs
      testTallyReport: ({ services }: ServiceContext<'testTally'>) => ({ text: () => `${services.testTally.add()}` }),
    },
  }),
  defineModule({
    name: 'inline-factory-uses-an-undeclared-service',
    provides: {
      // @ts-expect-error -- testTally is not in needs
      testTallyReport: ({ services }) => ({ text: () => `${services.testTally.add()}` }),
    },
  }),
  defineModule({
    name: 'nested-plugin-uses-more-than-its-parent',
    needs: ['testTallyReport'],
    api: async (app) => {
      // @ts-expect-error -- tallyRoutes uses testTally; the parent has testTallyReport only
      await registerPlugin(app, tallyRoutes);
    },
  }),
  defineModule({
    name: 'tool-uses-an-undeclared-service',
    // @ts-expect-error -- tallyTool uses testTally, which the module does not name in needs
    tools: [tallyTool],
  }),
  defineModule({
    name: 'needs-a-service-no-module-declares',
    // @ts-expect-error -- not a service name
    needs: ['noSuchService'],
  }),
];

/** Outside a module's plugin there is no `app.services` (entry points and tests use servicesOf). */
export const plainApp = (app: FastifyInstance) =>
  // @ts-expect-error -- a plain FastifyInstance has no services
  app.services;

describe('a module whose plugins and factories use only what it names', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('gets those services, in a plugin it registers with registerPlugin too', async () => {
    t = await buildTestApp('sqlite', {}, { modules: [tallyModule, reportModule] });
    const get = async (url: string) => (await t!.app.inject({ url: `/lab/api${url}` })).json() as unknown;
    expect(await get('/test/tally')).toEqual({ count: 1 });
    expect(await get('/test/report')).toEqual({ text: '#2' });
    expect(wrongForms.map((m) => m.name)).toHaveLength(7);
  });
});
