import {
  providedNames,
  type LabModule,
  type LabServices,
  type ServiceContext,
  type ServiceName,
  type SharedContext,
} from './module.js';

type Factory = (ctx: ServiceContext<ServiceName>) => unknown;

/**
 * The app's services: each built once, on first use, by the module that provides it, from the
 * app's shared context (config, db, bus, log, outbound) and the services that module needs. A
 * module sees them through `viewFor`, which hands out exactly what the module names in `needs`
 * (and what it provides itself).
 * One registry per app: two apps in one process (tests, `lab sim` beside a server) share nothing.
 */
export class ServiceRegistry {
  private readonly providers = new Map<string, { module: LabModule; factory: Factory }>();
  private readonly instances = new Map<string, unknown>();
  private readonly building: string[] = [];

  constructor(
    modules: readonly LabModule[],
    private readonly base: SharedContext,
  ) {
    for (const m of modules) {
      for (const name of providedNames(m)) {
        this.providers.set(name, { module: m, factory: m.provides![name as ServiceName] as Factory });
      }
    }
  }

  /** A service by name, built on first use (its own needs first). */
  get<K extends ServiceName>(name: K): LabServices[K] {
    if (this.instances.has(name)) return this.instances.get(name) as LabServices[K];
    const provider = this.providers.get(name);
    if (!provider) throw new Error(`no module provides the ${name} service`);
    if (this.building.includes(name)) {
      throw new Error(`services need each other in a circle: ${[...this.building, name].join(' → ')}`);
    }
    this.building.push(name);
    try {
      const instance = provider.factory({ ...this.base, services: this.viewFor(provider.module) });
      this.instances.set(name, instance);
      return instance as LabServices[K];
    } finally {
      this.building.pop();
    }
  }

  /** Builds every provided service now, so a failing factory stops the start, not a request. */
  startAll(): void {
    for (const name of this.providers.keys()) this.get(name as ServiceName);
  }

  /**
   * What one module may use: the services it needs and those it provides. The compiler already
   * refuses a module that uses another (module.ts `defineModule`); should a cast slip one past,
   * reading another module's service throws here, naming both.
   */
  viewFor(module: LabModule): LabServices {
    const allowed = new Set<string>([...(module.needs ?? []), ...providedNames(module)]);
    return new Proxy({} as LabServices, {
      get: (_target, prop) => {
        // Only a service's name is answered (Fastify and `await` probe objects for other keys).
        if (typeof prop !== 'string' || !this.providers.has(prop)) return undefined;
        if (!allowed.has(prop)) {
          throw new Error(`module ${module.name} uses the ${prop} service without naming it in needs`);
        }
        return this.get(prop as ServiceName);
      },
      has: (_target, prop) => typeof prop === 'string' && allowed.has(prop),
      ownKeys: () => [...allowed],
      getOwnPropertyDescriptor: (_target, prop) =>
        typeof prop === 'string' && allowed.has(prop)
          ? { enumerable: true, configurable: true, value: this.get(prop as ServiceName) }
          : undefined,
    });
  }

  /** Every service built so far, as the app sees them (entry points and tests). */
  all(): LabServices {
    return this.viewFor({ name: 'app', needs: [...this.providers.keys()] as ServiceName[] });
  }

  /** Closes the built services that have a `close()`, the last built first. */
  async close(): Promise<void> {
    const built = [...this.instances.values()].reverse();
    this.instances.clear();
    for (const service of built) {
      const close = (service as { close?: unknown } | null)?.close;
      if (typeof close === 'function') await (close as () => Promise<void>).call(service);
    }
  }
}
