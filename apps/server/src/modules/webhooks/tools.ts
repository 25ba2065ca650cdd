/**
 * The carrier's webhook signature for a coding agent (MCP): sign a payload with a security token,
 * or verify a received signature (HMAC-SHA256 of the raw body, hex, in `x-fedex-signature`).
 */
import { z } from 'zod';
import { checkWebhookSignature, SIGNATURE_HEADER, webhookSignature } from '@lab/core/webhooks';
import { defineTool, ToolError, type ToolContext } from '../../mcp/tool.js';

const payload = {
  body: z.string().describe('the raw payload exactly as sent (its bytes are signed, not its parsed JSON)'),
  token: z.string().min(1).max(200).describe("the subscription's security token"),
};

/** The payload's bytes, refused past the webhook receiver's body limit (as the receiver does). */
function bodyBytes(ctx: ToolContext, body: string): Buffer {
  const bytes = Buffer.from(body, 'utf8');
  if (bytes.length > ctx.config.webhookBodyLimitBytes) {
    throw new ToolError(`the payload is larger than the limit of ${ctx.config.webhookBodyLimitBytes} bytes`);
  }
  return bytes;
}

export const webhookSign = defineTool({
  name: 'webhook_sign',
  description: `Sign a webhook payload as the carrier does: HMAC-SHA256 of the raw body keyed by the security token, lower-case hex, sent in ${SIGNATURE_HEADER}.`,
  input: z.object(payload),
  output: z.object({ header: z.string(), signature: z.string() }),
  run: async ({ body, token }, ctx: ToolContext) => ({
    structured: { header: SIGNATURE_HEADER, signature: await webhookSignature(bodyBytes(ctx, body), token) },
  }),
});

export const webhookVerify = defineTool({
  name: 'webhook_verify',
  description: `Verify a received webhook: does the ${SIGNATURE_HEADER} value match the raw body and the security token?`,
  input: z.object({ ...payload, signature: z.string().max(200).describe(`the received ${SIGNATURE_HEADER} value`) }),
  output: z.object({ status: z.enum(['match', 'mismatch']), expected: z.string(), received: z.string().nullable() }),
  run: async ({ body, token, signature }, ctx: ToolContext) => ({
    structured: await checkWebhookSignature(bodyBytes(ctx, body), token, signature),
  }),
});
