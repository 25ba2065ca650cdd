import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';

/** SIM_* settings shared by the simulators (seed, webhooks they post). */
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
  }),
  read: (e) => ({
    /** Seed of the simulators' generators (ids, tracking numbers); unset = random per start. */
    simSeed: e.SIM_SEED,
    /** Where the simulators post shipment-visibility webhooks for shipments they create; unset = nowhere. */
    simWebhookUrl: e.SIM_WEBHOOK_URL === '' ? undefined : e.SIM_WEBHOOK_URL,
    /** The security token those webhooks are signed with. */
    simWebhookToken: e.SIM_WEBHOOK_TOKEN === '' ? undefined : e.SIM_WEBHOOK_TOKEN,
  }),
});

export type SimSettings = ReturnType<typeof simConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends SimSettings {}
}
