import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Migration } from 'kysely';
import type { z } from 'zod';
import type { RegisterCommand } from './cli/command.js';
import type { AppConfig } from './config.js';
import type { Db } from './db/index.js';
import type { Seeder } from './db/seeds.js';
import type { Dataset } from './imports/registry.js';
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

/** What a service's factory is built from: the app's shared parts and the services its module needs. */
export interface ServiceContext {
  config: AppConfig;
  db: Db;
  bus: Bus;
  log: FastifyBaseLogger;
  /** The services the providing module names in `needs` (and its own). */
  services: LabServices;
}

/** A module's service factories by service name. A service with a `close()` is closed with the app. */
export type ServiceFactories = { [K in ServiceName]?: (ctx: ServiceContext) => LabServices[K] };

/**
 * One server module: a folder under modules/ whose index.ts exports `defineModule({...})`, listed
 * once in modules/index.ts. Everything the module brings is declared here and picked up by the
 * frameworks that read the list: app.ts (routes, CSP), db (migrations, seeds), imports (datasets),
 * the CLI (commands) and config (settings).
 */
export interface LabModule {
  /** Unique, kebab-case; names the module in logs and errors. */
  name: string;
  /** Routes under /lab/api. */
  api?: FastifyPluginAsyncZod;
  /** Public receivers under /lab/hooks. */
  hooks?: FastifyPluginAsyncZod;
  /** Offline simulators of outside services, under /lab/sim (the gateway's default upstreams). */
  sim?: FastifyPluginAsyncZod;
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
}

/** Declares a module; the identity function gives the object literal its type and checks it. */
export function defineModule<M extends LabModule>(module: M): M {
  return module;
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

/** Every module's migrations in one map, keyed by migration name. */
export function collectMigrations(modules: readonly LabModule[]): Record<string, Migration> {
  return Object.assign({}, ...modules.map((m) => m.migrations ?? {})) as Record<string, Migration>;
}

export const collectSeeders = (modules: readonly LabModule[]): Seeder[] => modules.flatMap((m) => m.seeders ?? []);
export const collectDatasets = (modules: readonly LabModule[]): Dataset<any>[] =>
  modules.flatMap((m) => m.datasets ?? []);
export const collectCommands = (modules: readonly LabModule[]): RegisterCommand[] =>
  modules.flatMap((m) => m.commands ?? []);
