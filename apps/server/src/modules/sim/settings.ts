import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';
import { LOOPBACK_NETWORKS, parseNetworks } from '../../http/targets.js';

/** SIM_* settings shared by the simulators (seed, simulated clock, webhooks they post). */
export const simConfig = defineModuleConfig({
  env: z.object({
    SIM_SEED: z.coerce.number().int().min(0).optional(),
    SIM_WEBHOOK_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), {
        message: 'SIM_WEBHOOK_URL must be empty or an http(s) URL',
      }),
    SIM_WEBHOOK_TOKEN: z.string().trim().default(''),
    SIM_TIME_FACTOR: z.coerce.number().positive().max(1_000_000_000).default(1),
    SIM_CLOCK_TICK_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
    SIM_WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(6),
    SIM_WEBHOOK_RETRY_MS: z.coerce.number().int().min(1).max(3_600_000).default(1000),
    SIM_WEBHOOK_ALLOWED_NETWORKS: z
      .string()
      .trim()
      .default(LOOPBACK_NETWORKS)
      .superRefine((v, ctx) => {
        const parsed = parseNetworks(v);
        if (typeof parsed === 'string') ctx.addIssue({ code: 'custom', message: parsed });
      }),
    SIM_WEBHOOK_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(1000).default(20),
    SIM_WEBHOOK_MAX_PENDING: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
  }),
  read: (e) => ({
    /** Seed of the simulators' generators (ids, tracking numbers); unset = random per start. */
    simSeed: e.SIM_SEED,
    /** The default (`settings`) webhook subscription's URL (sandbox); unset = none. */
    simWebhookUrl: e.SIM_WEBHOOK_URL === '' ? undefined : e.SIM_WEBHOOK_URL,
    /** The security token those webhooks are signed with. */
    simWebhookToken: e.SIM_WEBHOOK_TOKEN === '' ? undefined : e.SIM_WEBHOOK_TOKEN,
    /** Simulated seconds per real second of every environment's simulated clock (1: real speed). */
    simTimeFactor: e.SIM_TIME_FACTOR,
    /** How often (real ms) each instance runs the clock's tick listeners (release of due events). */
    simClockTickMs: e.SIM_CLOCK_TICK_MS,
    /** Attempts of one webhook delivery before it is marked failed and the next one goes. */
    simWebhookMaxAttempts: e.SIM_WEBHOOK_MAX_ATTEMPTS,
    /** The first retry's delay (real ms); each further one doubles it. */
    simWebhookRetryMs: e.SIM_WEBHOOK_RETRY_MS,
    /** Loopback and private networks webhooks may be posted to (CIDRs); link-local, metadata, multicast never. */
    simWebhookAllowedNetworks: e.SIM_WEBHOOK_ALLOWED_NETWORKS,
    /** Webhook subscriptions per environment (the settings one counts). */
    simWebhookMaxSubscriptions: e.SIM_WEBHOOK_MAX_SUBSCRIPTIONS,
    /** Pending deliveries past which the clock refuses to move (409) until they are delivered. */
    simWebhookMaxPending: e.SIM_WEBHOOK_MAX_PENDING,
  }),
});

export type SimSettings = ReturnType<typeof simConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends SimSettings {}
}
