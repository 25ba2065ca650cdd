import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Migration } from 'kysely';
import type { z } from 'zod';
import type { RegisterCommand } from './cli/command.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/index.js';
import type { Seeder } from './db/seeds.js';
import type { HttpClient } from './http/outbound.js';
import type { Dataset } from './imports/registry.js';
import type { LabResources, LabTool } from './mcp/tool.js';
import type { Bus } from './realtime/bus.js';

/** CSP directives a module adds to the site's policy (e.g. a configured external origin it calls). */
export type CspAdditions = Partial<Record<'connectSrc' | 'imgSrc' | 'frameSrc' | 'workerSrc', string[]>>;

/**
 * The environment variables a module reads: `env` validates them (with defaults), `read` turns
 * them into typed settings that are merged into AppConfig. The module declares the fields with
 *
 *   declare module '../../config.js' { interface AppConfig extends MySettings {} }
 *
 * so `app.config.mySetting` is typed everywhere, as tables are merged into Database.
 */
export interface ModuleConfig<Env extends z.ZodObject = z.ZodObject, Settings extends object = object> {
  env: Env;
  read: (env: z.output<Env>) => Settings;
}

/**
 * The services modules provide one another (a module's `provides`, another's `needs`): one
 * instance per app, built on first use. The providing module adds its service here by declaration
 * merging, next to its manifest:
 *
 *   declare module '../../module.js' { interface LabServices { labelRenderer: LabelRenderer } }
 *
 * so a module that needs it reads `app.services.labelRenderer`, typed, without importing a file
 * of the providing module (a type it must name is `LabServices['labelRenderer']`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the services
export interface LabServices {}

export type ServiceName = keyof LabServices;

/**
 * What every service factory and module plugin is given, one per app: the config, the database,
 * the realtime bus, the logger and the outbound HTTP client (built in app.ts, closed with the app).
 */
export interface SharedContext {
  config: AppConfig;
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** The app's one outbound HTTP client (keep-alive pools per timeout profile); `app.outbound` in a plugin. */
  outbound: HttpClient;
}

/**
 * What a service's factory is built from: the shared context and the services `S` (those its
 * module needs, and provides); a factory names what it uses, e.g. `ServiceContext<'openApi'>`.
 */
export interface ServiceContext<S extends ServiceName = never> extends SharedContext {
  services: Pick<LabServices, S>;
}

/** A service's factory: builds service `K` from a context holding the services `S`. */
export type ServiceFactory<K extends ServiceName, S extends ServiceName = never> = (
  ctx: ServiceContext<S>,
) => LabServices[K];

/** A module's service factories by service name. A service with a `close()` is closed with the app. */
export type ServiceFactories = { [K in ServiceName]?: ServiceFactory<K, ServiceName> };

/**
 * The app as a module's plugin sees it: typed by the zod provider, and `services` holding exactly
 * the services `S` (app.ts hands each module the view of what it needs and provides).
 */
export type ModuleApp<S extends ServiceName = never> = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
> & { services: Pick<LabServices, S> };

/**
 * A module's routes (its `api`, `hooks` or `sim`, or a plugin they register): the services `S` it
 * uses are in its type, e.g. `export const labelRoutes: ModulePlugin<'labelRenderer'> = async (app) => …`,
 * so a module whose `needs` lack one fails the type check.
 */
export type ModulePlugin<S extends ServiceName = never> = (app: ModuleApp<S>) => Promise<void>;

/** Fastify's view of a module plugin: Fastify calls it with the scope app.ts decorated with `services`. */
export const asFastifyPlugin = (plugin: ModulePlugin<ServiceName>): FastifyPluginAsyncZod =>
  plugin as unknown as FastifyPluginAsyncZod;

/**
 * Registers a plugin inside a module's plugin, in its own scope (as `app.register`), where the
 * type requires the child's services to be among the parent's: `await registerPlugin(app, citiesRoutes)`.
 */
export async function registerPlugin<S extends ServiceName>(
  app: ModuleApp<S>,
  plugin: ModulePlugin<NoInfer<S>>,
): Promise<void> {
  await app.register(asFastifyPlugin(plugin));
}

/**
 * One server module: a folder under modules/ whose index.ts exports `defineModule({...})`, listed
 * once in modules/index.ts. Everything the module brings is declared here and picked up by the
 * frameworks that read the list: app.ts (routes, CSP), db (migrations, seeds), imports (datasets),
 * the CLI (commands) and config (settings). This is a module as the frameworks see it (any
 * services); `defineModule` checks each module's plugins and factories against its own `needs`.
 */
export interface LabModule {
  /** Unique, kebab-case; names the module in logs and errors. */
  name: string;
  /** Routes under /lab/api. */
  api?: ModulePlugin<ServiceName>;
  /** Public receivers under /lab/hooks. */
  hooks?: ModulePlugin<ServiceName>;
  /** Offline simulators of outside services, under /lab/sim (the gateway's default upstreams). */
  sim?: ModulePlugin<ServiceName>;
  /**
   * The module's migrations by name (`NNNN_<what>`, unique across modules). Kysely applies them
   * in name order; a module's own migrations must sort in the order they run.
   */
  migrations?: Record<string, Migration>;
  /** Starter data loaded once per database. */
  seeders?: Seeder[];
  /** What `lab import <dataset> <file>` can load into the module's tables. */
  datasets?: Dataset<any>[];
  /** `lab` subcommands. */
  commands?: RegisterCommand[];
  /** Settings read from the environment. */
  config?: ModuleConfig<any, object>;
  /** Additions to the Content-Security-Policy, from the loaded config. */
  csp?: (config: AppConfig) => CspAdditions;
  /** Services the module makes for others (one instance per app), by name. */
  provides?: ServiceFactories;
  /**
   * Services of other modules this module's routes and services use (`app.services.<name>`):
   * checkModules refuses a list where one is not provided; reading a service not named here throws.
   */
  needs?: readonly ServiceName[];
  /** MCP tools (`mcp/`: `lab mcp` and `/lab/api/mcp`), run with the module's services. */
  tools?: readonly LabTool[];
  /** MCP resources the module offers (read on each list). */
  resources?: LabResources;
}

/**
 * A module's manifest as written in its index.ts: `N` (its `needs`) and `P` (the names it
 * `provides`) are inferred from the literal, and its plugins and factories may use only those.
 */
export type ModuleManifest<N extends ServiceName, P extends ServiceName> = Omit<
  LabModule,
  'api' | 'hooks' | 'sim' | 'provides' | 'needs' | 'tools' | 'resources'
> & {
  needs?: readonly N[];
  provides?: { [K in P]?: ServiceFactory<K, NoInfer<N | P>> };
  api?: ModulePlugin<NoInfer<N | P>>;
  hooks?: ModulePlugin<NoInfer<N | P>>;
  sim?: ModulePlugin<NoInfer<N | P>>;
  tools?: readonly LabTool<NoInfer<N | P>>[];
  resources?: LabResources<NoInfer<N | P>>;
};

/**
 * Declares a module. The compiler checks `needs`: a plugin or service factory that uses a service
 * the module neither needs nor provides does not compile (needs.test.ts); at run time
 * `app.services` throws on it too (services.ts), for what a cast slipped past. `M` keeps the
 * literal's own type (e.g. `lookupsModule.datasets` is known to be there).
 */
export function defineModule<
  const N extends ServiceName = never,
  P extends ServiceName = never,
  M extends object = object,
>(module: M & ModuleManifest<N, P>): M & LabModule {
  return module as M & LabModule;
}

/** Declares a module's settings (typed env schema → settings). */
export function defineModuleConfig<Env extends z.ZodObject, Settings extends object>(
  config: ModuleConfig<Env, Settings>,
): ModuleConfig<Env, Settings> {
  return config;
}

/** The first name that appears twice in the list, if any. */
function firstRepeated(names: string[]): string | undefined {
  const seen = new Set<string>();
  return names.find((name) => seen.size === seen.add(name).size);
}

/** The services a module provides, by name. */
export const providedNames = (m: LabModule): string[] => Object.keys(m.provides ?? {});

/**
 * Checks that no two modules claim the same name, migration, seeder, dataset or service, and that
 * every module's needs are provided by a module of the list: a programming error reported at start
 * (and by the server tests), never a silent override or a service missing at the first request.
 */
export function checkModules(modules: readonly LabModule[]): void {
  const claims: [string, string[]][] = [
    ['module', modules.map((m) => m.name)],
    ['migration', modules.flatMap((m) => Object.keys(m.migrations ?? {}))],
    ['seeder', collectSeeders(modules).map((s) => s.name)],
    ['dataset', collectDatasets(modules).map((d) => d.name)],
    ['service', modules.flatMap(providedNames)],
    ['tool', modules.flatMap((m) => (m.tools ?? []).map((t) => t.name))],
  ];
  for (const [what, names] of claims) {
    const twice = firstRepeated(names);
    if (twice !== undefined) throw new Error(`${what} ${twice} is defined twice`);
  }
  const provided = new Set(modules.flatMap(providedNames));
  for (const m of modules) {
    const missing = (m.needs ?? []).filter((name) => !provided.has(name));
    if (missing.length) {
      throw new Error(
        `module ${m.name} needs ${missing.join(', ')}, which no module of the list provides (add the providing module)`,
      );
    }
  }
}

/**
 * The modules of the list that `pick` selects, with the modules that provide what they need (and
 * what those need, and so on), in list order: e.g. the simulators and the modules behind their
 * services, for an app that runs the simulators alone (`lab sim`).
 */
export function withProviders(modules: readonly LabModule[], pick: (m: LabModule) => boolean): LabModule[] {
  const chosen = new Set(modules.filter(pick));
  const pending = [...chosen];
  for (let m = pending.pop(); m; m = pending.pop()) {
    for (const name of m.needs ?? []) {
      const provider = modules.find((p) => providedNames(p).includes(name));
      if (provider && !chosen.has(provider)) {
        chosen.add(provider);
        pending.push(provider);
      }
    }
  }
  return modules.filter((m) => chosen.has(m));
}

/** The list's simulators (routes under /lab/sim) with the modules behind the services they need. */
export const simulatorsOf = (modules: readonly LabModule[]): LabModule[] =>
  withProviders(modules, (m) => m.sim !== undefined);

/** Every module's migrations in one map, keyed by migration name. */
export function collectMigrations(modules: readonly LabModule[]): Record<string, Migration> {
  return Object.assign({}, ...modules.map((m) => m.migrations ?? {})) as Record<string, Migration>;
}

export const collectSeeders = (modules: readonly LabModule[]): Seeder[] => modules.flatMap((m) => m.seeders ?? []);
export const collectDatasets = (modules: readonly LabModule[]): Dataset<any>[] =>
  modules.flatMap((m) => m.datasets ?? []);
export const collectCommands = (modules: readonly LabModule[]): RegisterCommand[] =>
  modules.flatMap((m) => m.commands ?? []);
