import { DEFAULT_AGENT_ORIGINS, DEFAULT_REMOTE_ZPL_SAMPLE, LISTEN_ID_PATTERN } from '@lab/core/print';
import { z } from 'zod';
import { megabytes, positiveInteger } from '../../config.js';
import { defineModuleConfig } from '../../module.js';

const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An origin a browser may call as its local print agent: scheme, host and port, nothing else. */
function isOrigin(v: string): boolean {
  if (!/^https?:\/\//i.test(v) || !URL.canParse(v)) return false;
  return new URL(v).origin === v.replace(/\/+$/, '').toLowerCase();
}

/** PRINT_AGENT_ORIGINS and PRINT_RELAY_* environment variables of the Browser Print screen and relay. */
export const printRelayConfig = defineModuleConfig({
  env: z.object({
    PRINT_AGENT_ORIGINS: z
      .string()
      .trim()
      .default(DEFAULT_AGENT_ORIGINS.join(','))
      .refine((v) => list(v).every(isOrigin), {
        message: 'PRINT_AGENT_ORIGINS is a comma-separated list of origins such as http://127.0.0.1:9100',
      }),
    PRINT_RELAY_LISTEN_IDS: z
      .string()
      .trim()
      .default('')
      .refine((v) => list(v).every((id) => LISTEN_ID_PATTERN.test(id)), {
        message: 'PRINT_RELAY_LISTEN_IDS: each id is 1 to 64 lower-case letters, digits, _ or -',
      }),
    /** false: the pre-set id is the administrator's own receivers', not shown to every visitor. */
    PRINT_RELAY_PRESET_PUBLIC: z.enum(['true', 'false']).default('true'),
    PRINT_RELAY_REMOTE_ZPL_SAMPLE: z.string().default(DEFAULT_REMOTE_ZPL_SAMPLE),
    PRINT_RELAY_MAX_JOB_BYTES: positiveInteger(megabytes(1)),
    PRINT_RELAY_RATE_PER_MINUTE: positiveInteger(60),
    PRINT_RELAY_JOB_TTL_SECONDS: positiveInteger(3600),
  }),
  read: (e) => ({
    /** Origins of local print agents the page may call (CSP connect-src). */
    printAgentOrigins: list(e.PRINT_AGENT_ORIGINS).map((o) => new URL(o).origin),
    /** Administrator-set listen ids (the first is the screen's pre-set id); others must be issued. */
    printRelayListenIds: list(e.PRINT_RELAY_LISTEN_IDS),
    /** Whether GET /print-relay/config publishes the pre-set id to every visitor (a shared test id). */
    printRelayPresetPublic: e.PRINT_RELAY_PRESET_PUBLIC === 'true',
    printRelayRemoteZplSample: e.PRINT_RELAY_REMOTE_ZPL_SAMPLE,
    printRelayMaxJobBytes: e.PRINT_RELAY_MAX_JOB_BYTES,
    printRelayRateLimitPerMinute: e.PRINT_RELAY_RATE_PER_MINUTE,
    printRelayJobTtlSeconds: e.PRINT_RELAY_JOB_TTL_SECONDS,
  }),
});

export type PrintRelaySettings = ReturnType<typeof printRelayConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends PrintRelaySettings {}
}
