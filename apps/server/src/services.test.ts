import { afterEach, describe, expect, it } from 'vitest';
import { servicesOf } from './app.js';
import {
  checkModules,
  defineModule,
  simulatorsOf,
  withProviders,
  type LabModule,
  type ModulePlugin,
} from './module.js';
import { labModules } from './modules/index.js';
import { shippingModule } from './modules/shipping/index.js';
import { buildTestApp, type TestApp } from './test/helpers.js';

interface Counter {
  id: number;
  next(): number;
  close(): Promise<void>;
}

declare module './module.js' {
  interface LabServices {
    /** Test-only services (this file): a counter, and a greeting built on it. */
    testCounter: Counter;
    testGreeter: { greet(name: string): string };
  }
}

let made = 0;
/** Ids of the counters closed, in order. */
const closed: number[] = [];

const counterModule = defineModule({
  name: 'test-counter',
  provides: {
    testCounter: () => {
      const id = ++made;
      let n = 0;
      return { id, next: () => ++n, close: async () => void closed.push(id) };
    },
  },
  api: async (app) => {
    app.get('/test/count', async () => ({ count: app.services.testCounter.next() }));
  },
});

const greeterModule = defineModule({
  name: 'test-greeter',
  needs: ['testCounter'],
  provides: {
    testGreeter: ({ services }) => ({ greet: (name) => `hello ${name} #${services.testCounter.next()}` }),
  },
  api: async (app) => {
    app.get('/test/greet', async () => ({ text: app.services.testGreeter.greet('lab') }));
  },
});

/** Reads a service it does not name in `needs`: the compiler refuses that, so a cast slips it past. */
const sneakyRoutes: ModulePlugin<'testCounter'> = async (app) => {
  app.get('/test/sneak', async () => ({ count: app.services.testCounter.next() }));
};
const sneakyModule = defineModule({ name: 'test-sneaky', api: sneakyRoutes as ModulePlugin });

describe('provides and needs', () => {
  it('refuses a list where a need is not provided, or a service is provided twice', () => {
    expect(() => checkModules([shippingModule, greeterModule])).toThrow(
      'module test-greeter needs testCounter, which no module of the list provides (add the providing module)',
    );
    expect(() => checkModules([counterModule, greeterModule])).not.toThrow();
    expect(() => checkModules([counterModule, { ...counterModule, name: 'other-counter' }])).toThrow(
      'service testCounter is defined twice',
    );
  });

  it("every module of the app's list has its needs provided", () => {
    expect(() => checkModules(labModules)).not.toThrow();
    const needed = labModules.flatMap((m) => m.needs ?? []);
    for (const name of needed) {
      expect(labModules.filter((m) => Object.keys(m.provides ?? {}).includes(name))).toHaveLength(1);
    }
  });

  it('picks modules with the providers of what they need (and of what those need), in list order', () => {
    const names = (modules: LabModule[]) => modules.map((m) => m.name);
    const list = [shippingModule, greeterModule, sneakyModule, counterModule];
    expect(names(withProviders(list, (m) => m === greeterModule))).toEqual(['test-greeter', 'test-counter']);
    expect(names(withProviders(list, (m) => m === sneakyModule))).toEqual(['test-sneaky']);
    // `lab sim`: the simulators and the modules behind their services, and nothing else.
    const simulators = simulatorsOf(labModules);
    expect(() => checkModules(simulators)).not.toThrow();
    // No gateway: the outbound client the webhooks go through is the app's, not a module's.
    const providers = ['labels', 'lookups', 'sim', 'sim-faults', 'twin-credentials', 'openapi', 'traffic'];
    expect(names(simulators)).toEqual([...providers, 'carrier-sim', 'stratus-sim']);
  });

  describe('in a built app', () => {
    let t: TestApp | undefined;
    afterEach(async () => {
      await t?.close();
      t = undefined;
    });
    const build = (modules: readonly LabModule[]) => buildTestApp('sqlite', {}, { modules });

    it('builds each service once per app, hands it to the modules that need it, and closes it with the app', async () => {
      t = await build([shippingModule, counterModule, greeterModule]);
      const get = async (url: string) => (await t!.app.inject({ url: `/lab/api${url}` })).json() as unknown;
      expect(await get('/test/count')).toEqual({ count: 1 });
      expect(await get('/test/greet')).toEqual({ text: 'hello lab #2' });
      expect(await get('/test/count')).toEqual({ count: 3 });
      const counter = servicesOf(t.app).testCounter;
      expect(counter.next()).toBe(4);

      // A second app in the same process has its own services.
      const other = await build([shippingModule, counterModule]);
      const otherCounter = servicesOf(other.app).testCounter;
      expect(otherCounter.id).not.toBe(counter.id);
      expect(otherCounter.next()).toBe(1);
      await other.close();
      expect(closed).toEqual([otherCounter.id]);

      await t.close();
      t = undefined;
      expect(closed).toEqual([otherCounter.id, counter.id]);
    });

    it('a module reading a service it does not name in needs fails, naming both', async () => {
      t = await build([shippingModule, counterModule, sneakyModule]);
      const res = await t.app.inject({ url: '/lab/api/test/sneak' });
      expect(res.statusCode).toBe(500);
      const logged = t.logs.lines.find((l) => l.err) as { err: { message: string } } | undefined;
      expect(logged?.err.message).toBe('module test-sneaky uses the testCounter service without naming it in needs');
    });
  });
});
