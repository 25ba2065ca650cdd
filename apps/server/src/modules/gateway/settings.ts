import { z } from 'zod';
import { defineModuleConfig } from '../../module.js';

/** An upstream base URL: empty = the built-in simulator on this server. */
const upstreamUrl = (name: string) =>
  z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), {
      message: `${name} must be empty (the built-in simulator) or an http(s) URL`,
    })
    .refine((v) => v === '' || (!new URL(v).search && !new URL(v).hash && !new URL(v).username), {
      message: `${name} must be a base URL without query, fragment or credentials`,
    })
    .transform((v) => (v === '' ? undefined : v.replace(/\/+$/, '')));

const ms = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const megabytes = (n: number) => n * 1024 * 1024;

/** Upstreams and limits of the carrier/Stratus gateway. */
export const gatewayConfig = defineModuleConfig({
  env: z.object({
    CARRIER_SANDBOX_URL: upstreamUrl('CARRIER_SANDBOX_URL'),
    CARRIER_PRODUCTION_URL: upstreamUrl('CARRIER_PRODUCTION_URL'),
    CARRIER_DOCUMENTS_SANDBOX_URL: upstreamUrl('CARRIER_DOCUMENTS_SANDBOX_URL'),
    CARRIER_DOCUMENTS_PRODUCTION_URL: upstreamUrl('CARRIER_DOCUMENTS_PRODUCTION_URL'),
    STRATUS_URL: upstreamUrl('STRATUS_URL'),
    GATEWAY_CARRIER_TIMEOUT_MS: ms(30_000),
    GATEWAY_STRATUS_TIMEOUT_MS: ms(5_000),
    GATEWAY_RESPONSE_LIMIT_BYTES: z.coerce.number().int().positive().default(megabytes(20)),
    GATEWAY_UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(megabytes(10)),
    GATEWAY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  }),
  read: (e) => ({
    /** Configured upstream bases; undefined = the built-in simulator, called over HTTP on this server. */
    gatewayUpstreams: {
      carrierSandbox: e.CARRIER_SANDBOX_URL,
      carrierProduction: e.CARRIER_PRODUCTION_URL,
      carrierDocumentsSandbox: e.CARRIER_DOCUMENTS_SANDBOX_URL,
      carrierDocumentsProduction: e.CARRIER_DOCUMENTS_PRODUCTION_URL,
      stratus: e.STRATUS_URL,
    },
    /** The total deadline of one carrier call, and of one Stratus call (connect to last byte). */
    gatewayCarrierTimeoutMs: e.GATEWAY_CARRIER_TIMEOUT_MS,
    gatewayStratusTimeoutMs: e.GATEWAY_STRATUS_TIMEOUT_MS,
    gatewayResponseLimitBytes: e.GATEWAY_RESPONSE_LIMIT_BYTES,
    gatewayUploadLimitBytes: e.GATEWAY_UPLOAD_LIMIT_BYTES,
    gatewayRateLimitPerMinute: e.GATEWAY_RATE_LIMIT_PER_MINUTE,
  }),
});

export type GatewaySettings = ReturnType<typeof gatewayConfig.read>;
export type UpstreamKey = keyof GatewaySettings['gatewayUpstreams'];

declare module '../../config.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the settings
  interface AppConfig extends GatewaySettings {}
}
