import type { ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { DestinationStream } from 'pino';
import { checkSettings, type AppConfig } from './config.js';
import { migrateAndSeed, openDatabase, type Db } from './db/index.js';
import { registerAuth } from './http/auth.js';
import { limitConnections } from './http/connections.js';
import { registerErrorHandling } from './http/errors.js';
import { registerJsonParser } from './http/json.js';
import { HttpClient } from './http/outbound.js';
import { API_PREFIX, HOOKS_PREFIX, notFound, registerWebApp, SIM_PREFIX } from './http/web.js';
import { createLogger } from './logger.js';
import {
  asFastifyPlugin,
  checkModules,
  collectMigrations,
  collectSeeders,
  type CspAdditions,
  type LabModule,
  type LabServices,
  type ModulePlugin,
  type ServiceContext,
  type ServiceName,
} from './module.js';
import { mcpRoutes } from './mcp/routes.js';
import { MemoryBus, PostgresBus, pgChannel, type Bus } from './realtime/bus.js';
import { realtimeRoutes } from './realtime/routes.js';
import { SseStreams } from './realtime/sse.js';
import { ServiceRegistry } from './services.js';
import { serverVersion } from './version.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    bus: Bus;
    /** The app's one outbound HTTP client (`http/outbound.ts`), closed with the app. */
    outbound: HttpClient;
  }
}

const appServices = new WeakMap<FastifyInstance, ServiceRegistry>();

/**
 * Every service of a built app (for entry points and tests). A module's plugin reads
 * `app.services`, which exists only in its scope and holds what it needs (module.ts `ModuleApp`).
 */
export function servicesOf(app: FastifyInstance): LabServices {
  const registry = appServices.get(app);
  if (!registry) throw new Error('not an app made by buildApp');
  return registry.all();
}

/** A module's view of a built app, as its services see it (the MCP server runs the module's tools with it). */
export function moduleContextOf(app: FastifyInstance, m: LabModule): ServiceContext<ServiceName> {
  const registry = appServices.get(app);
  if (!registry) throw new Error('not an app made by buildApp');
  const { config, db, bus, log, outbound } = app;
  return { config, db, bus, log, outbound, services: registry.viewFor(m) };
}

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logDestination?: DestinationStream;
  /** Run migrations and seeds before serving (default true). */
  migrate?: boolean;
  /** Extra routes under /lab/api, registered after the modules (tests use it for probe routes). */
  extraApiRoutes?: FastifyPluginAsync;
  /**
   * The modules to assemble, chosen by the caller (a composition root: main.ts, the `lab` CLI,
   * bench.ts, the test helpers), as loadConfig's: app.ts imports no module.
   */
  modules: readonly LabModule[];
  /**
   * Mount only the modules' simulators under /lab/sim (`lab sim`): every module is assembled
   * (migrations, services) but no API, hook or page is served.
   */
  simulatorsOnly?: boolean;
}

/**
 * Content-Security-Policy the app runs under: everything from our origin; inline styles for
 * antd's CSS-in-JS; data:/blob: images and frames for label previews; blob: workers for pdf.js.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'", 'blob:', 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
  upgradeInsecureRequests: null,
};

/** The site's policy plus what modules add (e.g. the origin of an external label service). */
function withCspAdditions(base: typeof contentSecurityPolicy, additions: CspAdditions[]) {
  const directives: typeof contentSecurityPolicy = { ...base };
  for (const add of additions) {
    for (const [name, sources] of Object.entries(add) as [keyof CspAdditions, string[]][]) {
      directives[name] = [...new Set([...directives[name], ...sources])];
    }
  }
  return directives;
}

/** Browser features the site never uses, switched off for every page. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=()';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A client-supplied request id we may log and echo: 1–128 letters, digits, `.`, `_`, `:`, `-`. */
export function safeRequestId(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && SAFE_REQUEST_ID.test(value) ? value : undefined;
}

/** The single assembly point, over the modules its caller chooses: main.ts, the CLI, bench and every server test. */
export async function buildApp(config: AppConfig, options: BuildOptions): Promise<FastifyInstance> {
  const { modules } = options;
  checkModules(modules);
  checkSettings(config, modules);
  const app = Fastify({
    loggerInstance: createLogger(config.logLevel, options.logDestination),
    bodyLimit: config.bodyLimitBytes,
    // A client's x-request-id becomes the log's request id only when it is a safe token.
    requestIdHeader: false,
    genReqId: (req) => safeRequestId(req.headers['x-request-id']) ?? randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY; default none).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS, else 408 and the socket
    // closes: a body trickled one byte at a time cannot hold a connection forever.
    requestTimeout: config.requestTimeoutMs,
    // (Given to http.createServer too: Node 20 ignores a requestTimeout set after construction.)
    http: {
      requestTimeout: config.requestTimeoutMs,
      headersTimeout: Math.min(60_000, config.requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(config.requestTimeoutMs / 4))),
    },
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.server.maxConnections = config.maxConnections;
  limitConnections(app, {
    maxPerAddress: Math.min(config.maxConnectionsPerAddress, config.maxConnections),
    busyBodyTimeoutMs: Math.min(config.busyBodyTimeoutMs, config.requestTimeoutMs),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonParser(app);
  registerAuth(app, config.auth);
  // Small JSON routes get a body limit sized to them (parsing 2 MB of keys blocks the event loop);
  // a route that needs more (or takes raw bodies) sets its own `bodyLimit`.
  app.addHook('onRoute', (route) => {
    if (route.bodyLimit === undefined && route.schema?.body && route.url.startsWith(`${API_PREFIX}/`)) {
      route.bodyLimit = config.jsonBodyLimitBytes;
    }
  });

  const db = openDatabase(config.database);
  const channel = pgChannel(db.schema);
  const bus: Bus =
    db.dialect === 'postgres' && db.postgres
      ? await PostgresBus.connect(
          db.postgres,
          (msg, err) => app.log.warn({ err }, msg),
          async (payload) => {
            await sql`select pg_notify(${channel}, ${payload})`.execute(db.kysely);
          },
          channel,
        )
      : new MemoryBus();
  const streams = new SseStreams();
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('bus', bus);
  const outbound = new HttpClient();
  app.decorate('outbound', outbound);
  const registry = new ServiceRegistry(modules, { config, db, bus, log: app.log, outbound });
  appServices.set(app, registry);

  // While closing, answer in-flight requests with `Connection: close` so their keep-alive sockets
  // end after the response instead of holding server.close() open until the keep-alive timeout.
  // A response whose headers went out before the close began (a file still streaming) keeps its
  // keep-alive socket open after it ends, and server.close() would wait for the keep-alive timeout:
  // such sockets are ended as soon as their response is done.
  let closing = false;
  const unfinished = new Set<ServerResponse>();
  app.addHook('onRequest', async (_request, reply) => {
    const res = reply.raw;
    unfinished.add(res);
    res.once('close', () => unfinished.delete(res));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    for (const res of unfinished) {
      // Taken now: a finished response lets go of its socket.
      const socket = res.socket;
      if (res.writableFinished) socket?.end();
      else res.once('finish', () => socket?.end());
    }
    streams.endAll();
  });
  app.addHook('onClose', async () => {
    await registry.close();
    // After the services: one may still be calling out while it closes (the webhook outbox).
    await outbound.close();
    await bus.close();
    await db.close();
  });

  if (options.migrate !== false) {
    const { applied, seeded } = await migrateAndSeed(db, collectMigrations(modules), collectSeeders(modules), app.log);
    if (applied.length) app.log.info({ applied }, 'migrations applied');
    if (seeded.length) app.log.info({ seeded }, 'seed data loaded');
  }
  registry.startAll();
  /** A module's plugin in its own scope, where `app.services` is what the module declared. */
  const scoped =
    (m: LabModule, plugin: ModulePlugin<ServiceName>): FastifyPluginAsync =>
    async (scope) => {
      scope.decorate('services', registry.viewFor(m));
      await scope.register(asFastifyPlugin(plugin));
    };

  const directives = withCspAdditions(
    contentSecurityPolicy,
    modules.map((m) => m.csp?.(config) ?? {}),
  );
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives },
    // HSTS only where the site is served over HTTPS and someone chose to commit to it.
    strictTransportSecurity: config.hstsMaxAge > 0 ? { maxAge: config.hstsMaxAge, includeSubDomains: false } : false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyRateLimit, { global: false });
  if (!options.simulatorsOnly) {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Shipping Lab API',
          description: 'The JSON API behind the Shipping Lab site',
          version: serverVersion,
        },
        servers: [{ url: '/' }],
      },
      transform: jsonSchemaTransform,
    });

    await app.register(
      async (api) => {
        for (const m of modules) if (m.api) await api.register(scoped(m, m.api));
        if (options.extraApiRoutes) await api.register(options.extraApiRoutes);
        await api.register(mcpRoutes({ app, modules, contextOf: (m) => moduleContextOf(app, m) }));
        await api.register(realtimeRoutes(bus, streams, config.sseHeartbeatMs, config.sseBufferLimitBytes));
        api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      },
      { prefix: API_PREFIX },
    );
    await app.register(
      async (hooks) => {
        for (const m of modules) if (m.hooks) await hooks.register(scoped(m, m.hooks));
      },
      { prefix: HOOKS_PREFIX },
    );
  }
  await app.register(
    async (sim) => {
      for (const m of modules) if (m.sim) await sim.register(scoped(m, m.sim));
    },
    { prefix: SIM_PREFIX },
  );
  if (options.simulatorsOnly) app.setNotFoundHandler(notFound);
  else await registerWebApp(app, config.webDistDir);
  await app.ready();
  return app;
}
