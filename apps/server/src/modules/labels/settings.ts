import os from 'node:os';
import { z } from 'zod';
import { megabytes, positiveInteger } from '../../config.js';
import { API_PREFIX } from '../../http/web.js';
import { defineModuleConfig } from '../../module.js';

/** LABEL_* environment variables of the ZPL conversion service. */
export const labelsConfig = defineModuleConfig({
  env: z.object({
    LABEL_BODY_LIMIT_BYTES: positiveInteger(megabytes(2)),
    LABEL_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    LABEL_RENDER_TIMEOUT_MS: positiveInteger(15_000),
    LABEL_CACHE_BYTES: positiveInteger(megabytes(64)),
    LABEL_MAX_DOTS: positiveInteger(100_000_000),
    LABEL_REQUEST_DEADLINE_MS: positiveInteger(20_000),
    LABEL_WORKER_MAX_HEAP_MB: z.coerce.number().int().min(16).default(512),
    LABEL_WORKER_IDLE_MS: positiveInteger(30_000),
    LABEL_MAX_CONCURRENT_PER_CLIENT: positiveInteger(4),
    LABEL_RATE_LIMIT_PER_MINUTE: positiveInteger(600),
    LABEL_SERVICE_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || v.startsWith('/') || (/^https?:\/\//i.test(v) && URL.canParse(v)), {
        message: 'LABEL_SERVICE_URL must be a path on this site (/…) or an http(s) URL',
      }),
  }),
  read: (e) => ({
    labelBodyLimitBytes: e.LABEL_BODY_LIMIT_BYTES,
    /**
     * Render workers (child processes, ~100 MB each) of the app's one render pool, shared by every
     * module that renders (label service, carrier simulator, Stratus); defaults to the machine's cores.
     */
    labelWorkers: e.LABEL_WORKERS ?? os.availableParallelism(),
    labelRenderTimeoutMs: e.LABEL_RENDER_TIMEOUT_MS,
    labelCacheBytes: e.LABEL_CACHE_BYTES,
    /** Most dots (width × height × labels) one request may draw (422 above). */
    labelMaxDots: e.LABEL_MAX_DOTS,
    /** One deadline per request over every stage (queue, render, PDF). */
    labelRequestDeadlineMs: e.LABEL_REQUEST_DEADLINE_MS,
    /** V8 heap limit of each render worker. */
    labelWorkerMaxHeapMb: e.LABEL_WORKER_MAX_HEAP_MB,
    /** An idle render worker (and its WebAssembly memory) is stopped after this long. */
    labelWorkerIdleMs: e.LABEL_WORKER_IDLE_MS,
    /** Renders in flight per client: the signed-in user, else the address (429 above). */
    labelMaxConcurrentPerClient: e.LABEL_MAX_CONCURRENT_PER_CLIENT,
    /** Label requests per client address per minute (429 above). */
    labelRateLimitPerMinute: e.LABEL_RATE_LIMIT_PER_MINUTE,
    /** Base URL of the ZPL conversion service the web app calls; LABEL_SERVICE_URL unset = our own routes. */
    labelServiceUrl: e.LABEL_SERVICE_URL === '' ? `${API_PREFIX}/labels` : e.LABEL_SERVICE_URL.replace(/\/+$/, ''),
  }),
});

export type LabelSettings = ReturnType<typeof labelsConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends LabelSettings {}
}

/** An external LABEL_SERVICE_URL's origin, which the browser must be allowed to call (CSP connect-src). */
export function labelServiceOrigin(url: string): string | undefined {
  return /^https?:\/\//i.test(url) ? new URL(url).origin : undefined;
}
