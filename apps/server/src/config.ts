import path from 'node:path';
import { z } from 'zod';
import type { LabModule } from './module.js';
import { repoRoot } from './paths.js';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A setting that is a whole number above 0; `fallback` when unset. The server's and the modules'. */
export const positiveInteger = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `n` MiB in bytes, for size settings. */
export const megabytes = (n: number) => n * 1024 * 1024;

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/**
 * The environment variables of the server itself, with their defaults; modules declare their own
 * (`config` in their manifest). The README's configuration table lists both; keep them together.
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Unset: 127.0.0.1 with AUTH=off (nobody else reaches the controls), 0.0.0.0 otherwise. */
  HOST: z.string().trim().min(1).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must be empty, sqlite:<path> or postgres://…',
    }),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  PUBLIC_BASE_URL: optionalUrl,
  FILE_SHARE_URL: optionalUrl,
  BODY_LIMIT_BYTES: positiveInteger(megabytes(2)),
  JSON_BODY_LIMIT_BYTES: positiveInteger(64 * 1024),
  SHUTDOWN_TIMEOUT_MS: positiveInteger(10_000),
  SSE_HEARTBEAT_MS: positiveInteger(15_000),
  SSE_BUFFER_LIMIT_BYTES: positiveInteger(256 * 1024),
  /** Hops or addresses/CIDRs of reverse proxies whose X-Forwarded-For is believed; empty = none. */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('')
    .refine((v) => v.toLowerCase() !== 'true', {
      message: 'TRUST_PROXY=true would believe any client: name the proxy addresses/CIDRs or a hop count',
    }),
  REQUEST_TIMEOUT_MS: positiveInteger(30_000),
  MAX_CONNECTIONS: positiveInteger(1024),
  /** Connections one client address may hold; 0 = a quarter of MAX_CONNECTIONS. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(0),
  BUSY_BODY_TIMEOUT_MS: positiveInteger(5_000),
  /** Strict-Transport-Security max-age in seconds; 0 = not sent (plain HTTP deployments). */
  HSTS_MAX_AGE: z.coerce.number().int().min(0).default(0),
  /** `serve` loads what a first use needs (city index, a render worker's engine, PDF writer and decoder) after start; 0 = not. */
  WARM_UP_ON_START: z.enum(['0', '1']).default('1'),
  AUTH: z.enum(['off', 'proxy', 'basic']).default('off'),
  AUTH_PROXY_HEADER: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]+$/, 'AUTH_PROXY_HEADER must be a header name')
    .default('x-webauth-user'),
  AUTH_PROXY_ADDRESSES: z.string().trim().default('loopback'),
  AUTH_HTPASSWD_FILE: z.string().trim().default(''),
});

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string | undefined };

/**
 * The loaded configuration. Modules add their settings to this interface by declaration merging
 * (`interface AppConfig extends LabelSettings {}`), so every field is typed where it is read.
 */
export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  logLevel: (typeof logLevels)[number];
  webDistDir: string;
  publicBaseUrl: string | undefined;
  fileShareUrl: string | undefined;
  bodyLimitBytes: number;
  /** Body limit of API routes with a JSON body schema that set no limit of their own. */
  jsonBodyLimitBytes: number;
  shutdownTimeoutMs: number;
  sseHeartbeatMs: number;
  /** Bytes an SSE client may leave unread before it is disconnected. */
  sseBufferLimitBytes: number;
  /** Fastify `trustProxy`: false, a hop count, or addresses/CIDRs (comma-separated). */
  trustProxy: false | number | string;
  /** Longest time to receive a whole request (headers and body); 408 after. */
  requestTimeoutMs: number;
  /** Open connections accepted at once; more are dropped by the OS listener. */
  maxConnections: number;
  /** Connections one client address may hold at once (its oldest stalled one is dropped for a new one). */
  maxConnectionsPerAddress: number;
  /** How long an address holding more than half its share has to deliver a request body. */
  busyBodyTimeoutMs: number;
  hstsMaxAge: number;
  warmUpOnStart: boolean;
  auth: AuthConfig;
  /** The modules whose settings loadConfig read (buildApp refuses to assemble any other that has some). */
  [settingsOf]?: readonly string[];
}

/** The key of AppConfig's list of the modules whose settings it holds. */
export const settingsOf = Symbol('settings of');

/** Where the server listens when AUTH=off and HOST is unset. */
export const LOOPBACK_HOST = '127.0.0.1';

/** Whether a listen address only takes connections from this machine. */
export const isLoopbackHost = (host: string): boolean =>
  /^127(?:\.\d{1,3}){3}$/.test(host) || host === '::1' || host === '[::1]' || host.toLowerCase() === 'localhost';

/**
 * The warning to log when the server serves a network without access control (AUTH=off and a HOST
 * other than loopback, set explicitly): what anyone who reaches it can do. Undefined otherwise.
 */
export function openBindWarning(config: Pick<AppConfig, 'host' | 'auth'>): string | undefined {
  if (config.auth.mode !== 'off' || isLoopbackHost(config.host)) return undefined;
  return (
    `AUTH=off and HOST=${config.host}: anyone who reaches this address can use every tool and the simulator's ` +
    'controls — inject faults, move or reset the simulated clock, add webhook targets the server will POST to — ' +
    'and read the traffic log. Set AUTH=basic or AUTH=proxy, or HOST=127.0.0.1, to close it.'
  );
}

export type AuthConfig =
  { mode: 'off' } | { mode: 'proxy'; header: string; proxies: string[] } | { mode: 'basic'; htpasswdFile: string };

/** TRUST_PROXY → Fastify's trustProxy: '' = off, `2` = hops, else addresses/CIDRs. */
export function trustProxyFrom(value: string): false | number | string {
  if (value === '' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .join(',');
}

function authFrom(e: z.output<typeof envSchema>, problems: string[]): AuthConfig {
  if (e.AUTH === 'proxy') {
    const proxies = e.AUTH_PROXY_ADDRESSES.split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (!proxies.length) problems.push('AUTH_PROXY_ADDRESSES: name the auth proxy addresses (AUTH=proxy)');
    return { mode: 'proxy', header: e.AUTH_PROXY_HEADER, proxies };
  }
  if (e.AUTH === 'basic') {
    if (!e.AUTH_HTPASSWD_FILE) problems.push('AUTH_HTPASSWD_FILE: name the htpasswd file (AUTH=basic)');
    return { mode: 'basic', htpasswdFile: path.resolve(repoRoot, e.AUTH_HTPASSWD_FILE) };
  }
  return { mode: 'off' };
}

export function databaseConfigFromUrl(url: string, cwd = repoRoot): DatabaseConfig {
  if (url === '') return { dialect: 'sqlite', file: path.join(cwd, 'var', 'lab.sqlite') };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') throw new ConfigError('DATABASE_URL: sqlite: needs a file path, e.g. sqlite:var/lab.sqlite');
    return { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(cwd, file) };
  }
  return { dialect: 'postgres', url };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function issueLines(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`);
}

/**
 * Environment → typed config: the server's own settings and those of every module of the list
 * that declares some (merged; each setting's default is in its module's settings). The list is
 * the caller's: the modules it will assemble (or more). Throws ConfigError naming every bad variable.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv,
  overrides: Partial<AppConfig>,
  modules: readonly LabModule[],
): AppConfig {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success ? [] : issueLines(parsed.error);
  const settings: object[] = [];
  for (const m of modules) {
    if (!m.config) continue;
    const own = m.config.env.safeParse(env);
    if (own.success) settings.push(m.config.read(own.data));
    else problems.push(...issueLines(own.error));
  }
  const auth = parsed.success ? authFrom(parsed.data, problems) : { mode: 'off' as const };
  if (!parsed.success || problems.length) throw new ConfigError(`invalid configuration:\n  ${problems.join('\n  ')}`);
  const e = parsed.data;
  const config = {
    port: e.PORT,
    host: e.HOST ?? (auth.mode === 'off' ? LOOPBACK_HOST : '0.0.0.0'),
    database: databaseConfigFromUrl(e.DATABASE_URL),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(repoRoot, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    fileShareUrl: e.FILE_SHARE_URL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    jsonBodyLimitBytes: e.JSON_BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sseHeartbeatMs: e.SSE_HEARTBEAT_MS,
    sseBufferLimitBytes: e.SSE_BUFFER_LIMIT_BYTES,
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS || Math.max(1, Math.floor(e.MAX_CONNECTIONS / 4)),
    busyBodyTimeoutMs: e.BUSY_BODY_TIMEOUT_MS,
    hstsMaxAge: e.HSTS_MAX_AGE,
    warmUpOnStart: e.WARM_UP_ON_START === '1',
    auth,
    [settingsOf]: modules.filter((m) => m.config).map((m) => m.name),
  };
  // The module settings are typed by their modules' declaration merging on AppConfig.
  return Object.assign(config, ...settings, overrides) as AppConfig;
}

/**
 * Refuses a config that lacks the settings of a module of the list (loaded over fewer modules):
 * its settings would be typed as present but be undefined, and its code would guess defaults.
 */
export function checkSettings(config: AppConfig, modules: readonly LabModule[]): void {
  const loaded = new Set(config[settingsOf] ?? []);
  const missing = modules.filter((m) => m.config && !loaded.has(m.name)).map((m) => m.name);
  if (missing.length) {
    throw new Error(
      `the config lacks the settings of ${missing.join(', ')}: load it with loadConfig(env, overrides, modules) over the modules the app assembles`,
    );
  }
}
