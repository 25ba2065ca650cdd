import { z } from 'zod';

/**
 * The gateway (/lab/api/carrier/…, /lab/api/stratus/…) forwards upstream answers as they are; these
 * are the shapes the Stratus screens read (the simulator answers with them too). The gateway's own
 * 400/404/413/415/429/502/504 answers are `messageReply` (`{message}`). Every gateway answer
 * carries `Server-Timing: upstream;dur=<ms>`.
 */

/** POST /lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob (Basic auth). */
export const stratusTokenReply = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string(),
});
export type StratusTokenReply = z.output<typeof stratusTokenReply>;

/** GET /lab/api/stratus/stratus/v1/greet (bearer + x-api-key). */
export const stratusGreetReply = z.object({ Id: z.string(), Purpose: z.string() });
export type StratusGreetReply = z.output<typeof stratusGreetReply>;

/** POST /lab/api/stratus/stratus/v1/order. ProjetId is spelled as Stratus spells it. */
export const stratusOrderRequest = z.object({ ProjetId: z.string(), Transaction: z.string() });
export type StratusOrderRequest = z.output<typeof stratusOrderRequest>;
export const stratusOrderCreated = z.object({ Id: z.string() });
export type StratusOrderCreated = z.output<typeof stratusOrderCreated>;

export const STRATUS_ORDER_STATES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
export type StratusOrderState = (typeof STRATUS_ORDER_STATES)[number];

/** GET /lab/api/stratus/stratus/v1/order/{id}. Label Data is base64 (ZPL text or PDF bytes). */
export const stratusOrderReply = z.object({
  Id: z.string(),
  State: z.enum(STRATUS_ORDER_STATES),
  Labels: z.array(z.object({ ImageType: z.enum(['ZPL', 'PDF']), Data: z.string() })),
  Packages: z.array(z.object({ TrackingNumber: z.string(), PackageNumber: z.number().int() })),
  Documents: z.array(z.object({ Type: z.string(), Data: z.string() })),
  /**
   * Why a FAILED order failed, in words (our simulator sends it beside the error label so the
   * Stratus screen can name the fields even when the label is a PDF); absent otherwise.
   */
  Message: z.string().optional(),
});
export type StratusOrderReply = z.output<typeof stratusOrderReply>;

/** Stratus's own error answers: `{Message}` from the API, OAuth's pair from the token endpoint. */
export const stratusApiError = z.object({ Message: z.string() });
export const stratusOAuthError = z.object({ error: z.string(), error_description: z.string() });
