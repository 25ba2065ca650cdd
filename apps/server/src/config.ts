import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Repository root, derived from this file's place (src/ or dist/ of apps/server). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/**
 * Every environment variable the server reads, with its default. The README's configuration
 * table mirrors this schema; keep them together.
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
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
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  SSE_HEARTBEAT_MS: z.coerce.number().int().positive().default(15_000),
  LABEL_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  LABEL_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  LABEL_RENDER_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  LABEL_CACHE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
  LABEL_SERVICE_URL: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || v.startsWith('/') || (/^https?:\/\//i.test(v) && URL.canParse(v)), {
      message: 'LABEL_SERVICE_URL must be a path on this site (/…) or an http(s) URL',
    }),
  WEBHOOK_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6_000),
  WEBHOOK_RETENTION_PER_CHANNEL: z.coerce.number().int().positive().default(5_000),
  WEBHOOK_SCHEMA_OPENAPI_FILE: z.string().trim().optional(),
});

export type Env = z.infer<typeof envSchema>;

export type DatabaseConfig =
  { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string | undefined };

export interface AppConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  logLevel: (typeof logLevels)[number];
  webDistDir: string;
  publicBaseUrl: string | undefined;
  fileShareUrl: string | undefined;
  bodyLimitBytes: number;
  shutdownTimeoutMs: number;
  sseHeartbeatMs: number;
  labelBodyLimitBytes: number;
  /** Render threads; defaults to the machine's cores. */
  labelWorkers: number;
  labelRenderTimeoutMs: number;
  labelCacheBytes: number;
  /** Base URL of the ZPL conversion service the web app calls; unset = our own. */
  labelServiceUrl: string | undefined;
  webhookBodyLimitBytes: number;
  webhookRateLimitPerMinute: number;
  webhookRetentionPerChannel: number;
  /** A tracking OpenAPI document whose component schemas the webhook schema browser serves. */
  webhookSchemaOpenapiFile: string | undefined;
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

/** Environment → typed config. Throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    database: databaseConfigFromUrl(e.DATABASE_URL),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(repoRoot, e.WEB_DIST_DIR ?? 'apps/web/dist'),
    publicBaseUrl: e.PUBLIC_BASE_URL,
    fileShareUrl: e.FILE_SHARE_URL,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sseHeartbeatMs: e.SSE_HEARTBEAT_MS,
    labelBodyLimitBytes: e.LABEL_BODY_LIMIT_BYTES,
    labelWorkers: e.LABEL_WORKERS ?? os.availableParallelism(),
    labelRenderTimeoutMs: e.LABEL_RENDER_TIMEOUT_MS,
    labelCacheBytes: e.LABEL_CACHE_BYTES,
    labelServiceUrl: e.LABEL_SERVICE_URL === '' ? undefined : e.LABEL_SERVICE_URL.replace(/\/+$/, ''),
    webhookBodyLimitBytes: e.WEBHOOK_BODY_LIMIT_BYTES,
    webhookRateLimitPerMinute: e.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    webhookRetentionPerChannel: e.WEBHOOK_RETENTION_PER_CHANNEL,
    webhookSchemaOpenapiFile: e.WEBHOOK_SCHEMA_OPENAPI_FILE
      ? path.resolve(repoRoot, e.WEBHOOK_SCHEMA_OPENAPI_FILE)
      : undefined,
    ...overrides,
  };
}
