import path from 'node:path';
import { z } from 'zod';
import { megabytes, positiveInteger } from '../../config.js';
import { defineModuleConfig } from '../../module.js';
import { repoRoot } from '../../paths.js';

/** WEBHOOK_* environment variables of the webhook receiver and inspector. */
export const webhooksConfig = defineModuleConfig({
  env: z.object({
    WEBHOOK_BODY_LIMIT_BYTES: positiveInteger(megabytes(1)),
    WEBHOOK_RATE_LIMIT_PER_MINUTE: positiveInteger(6_000),
    WEBHOOK_RETENTION_PER_CHANNEL: positiveInteger(5_000),
    WEBHOOK_SCHEMA_OPENAPI_FILE: z.string().trim().optional(),
    WEBHOOK_MAX_TOTAL_BYTES: positiveInteger(megabytes(512)),
    WEBHOOK_MAX_TOTAL_ROWS: positiveInteger(200_000),
    WEBHOOK_MAX_AGE_DAYS: z.coerce.number().min(0).default(30),
  }),
  read: (e) => ({
    webhookBodyLimitBytes: e.WEBHOOK_BODY_LIMIT_BYTES,
    webhookRateLimitPerMinute: e.WEBHOOK_RATE_LIMIT_PER_MINUTE,
    webhookRetentionPerChannel: e.WEBHOOK_RETENTION_PER_CHANNEL,
    /** Body bytes stored over all channels; deliveries past it answer 507. */
    webhookMaxTotalBytes: e.WEBHOOK_MAX_TOTAL_BYTES,
    /** Deliveries stored over all channels; past it, 507. */
    webhookMaxTotalRows: e.WEBHOOK_MAX_TOTAL_ROWS,
    /** Deliveries older than this are pruned (0 = kept until the per-channel or total caps). */
    webhookMaxAgeDays: e.WEBHOOK_MAX_AGE_DAYS,
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
