import path from 'node:path';
import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';
import { repoRoot } from '../../paths.js';

/** WEBHOOK_* environment variables of the webhook receiver and inspector. */
export const webhooksConfig = defineModuleConfig({
  env: z.object({
    WEBHOOK_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
    WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(6_000),
    WEBHOOK_RETENTION_PER_CHANNEL: z.coerce.number().int().positive().default(5_000),
    WEBHOOK_SCHEMA_OPENAPI_FILE: z.string().trim().optional(),
  }),
  read: (e) => ({
    webhookBodyLimitBytes: e.WEBHOOK_BODY_LIMIT_BYTES,
    webhookRateLimitPerMinute: e.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    webhookRetentionPerChannel: e.WEBHOOK_RETENTION_PER_CHANNEL,
    /** A tracking OpenAPI document whose component schemas the webhook schema browser serves. */
    webhookSchemaOpenapiFile: e.WEBHOOK_SCHEMA_OPENAPI_FILE
      ? path.resolve(repoRoot, e.WEBHOOK_SCHEMA_OPENAPI_FILE)
      : undefined,
  }),
});

export type WebhookSettings = ReturnType<typeof webhooksConfig.read>;

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends WebhookSettings {}
}
