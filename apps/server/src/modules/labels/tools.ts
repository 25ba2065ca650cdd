/**
 * Labels for a coding agent (MCP): render, lint and check ZPL. Render and check call this app's
 * label routes in-process, so an agent's labels wait in the one render pool's fair queue under its
 * client key, with the routes' body limit, rate limit and messages.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { labelCheckReply, zplWarning } from '@lab/core/contract';
import { DPMM_VALUES, labelPixelSize, parseLabelSize } from '@lab/core/labels';
import { lintZpl } from '@lab/core/labels/zpl';
import { defineTool, replyMessage, requestJson, ToolError, type ToolContext } from '../../mcp/tool.js';

const LABELS = '/lab/api/labels/v1/printers';

const zplInput = {
  zpl: z.string().min(1).describe('the ZPL document (^XA … ^XZ, one or more labels)'),
  dpmm: z
    .union(DPMM_VALUES.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<6>, z.ZodLiteral<8>])
    .default(8)
    .describe('print density in dots per mm: 6, 8, 12 or 24'),
  size: z.string().max(20).default('4x6').describe('label width x height in inches, e.g. 4x6'),
};

/** The ZPL as UTF-8 bytes, refused past the label routes' body limit (as the routes do, with their message). */
function zplBytes(ctx: ToolContext, zpl: string): Buffer {
  const bytes = Buffer.from(zpl, 'utf8');
  const limit = ctx.config.labelBodyLimitBytes;
  if (bytes.length > limit) throw new ToolError(`the ZPL is larger than the limit of ${limit} bytes`);
  return bytes;
}

export const zplRender = defineTool({
  name: 'zpl_render',
  description:
    'Render ZPL as the printer would: one label as a PNG image (index, default the first), or every label as a PDF (returned as a resource).',
  input: z.object({
    ...zplInput,
    format: z.enum(['png', 'pdf']).default('png'),
    index: z.number().int().min(0).max(999).default(0).describe('which label, for png (0 = the first)'),
  }),
  run: async ({ zpl, dpmm, size, format, index }, ctx: ToolContext) => {
    const url = `${LABELS}/${dpmm}dpmm/labels/${encodeURIComponent(size)}${format === 'png' ? `/${index}` : ''}`;
    const res = await ctx.request({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: `${format === 'png' ? 'image/png' : 'application/pdf'}`,
      },
      payload: Buffer.from(zpl, 'utf8'),
    });
    if (res.statusCode >= 400) throw new ToolError(replyMessage(res));
    const data = res.rawPayload.toString('base64');
    const total = Number(res.headers['x-total-count'] ?? 1);
    const note = { type: 'text' as const, text: `${total} label${total === 1 ? '' : 's'} in the ZPL` };
    if (format === 'png') return { content: [{ type: 'image', data, mimeType: 'image/png' }, note] };
    const uri = `lab://labels/${randomUUID()}.pdf`;
    return { content: [{ type: 'resource', resource: { uri, mimeType: 'application/pdf', blob: data } }, note] };
  },
});

export const zplLint = defineTool({
  name: 'zpl_lint',
  description:
    "Lint ZPL: each warning with its byte position, command, parameter number and message (the render route's X-Linter warnings).",
  input: z.object(zplInput),
  output: z.object({ warnings: z.array(zplWarning) }),
  run: async ({ zpl, dpmm, size }, ctx: ToolContext) => {
    const parsed = parseLabelSize(size);
    if (!parsed.ok) throw new ToolError(parsed.message);
    const px = labelPixelSize(parsed.value, dpmm);
    return { structured: { warnings: lintZpl(zplBytes(ctx, zpl), { widthDots: px.width, heightDots: px.height }) } };
  },
});

/** A multipart body of text fields (the check route's `file`, `reply`, `trackingNumber`). */
function multipart(fields: Record<string, string>): { boundary: string; body: Buffer } {
  const boundary = `lab-mcp-${randomUUID()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return { boundary, body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8') };
}

export const zplCheck = defineTool({
  name: 'zpl_check',
  description:
    'Check ZPL labels: render them, decode every bar code and judge each against its ZPL and the printer; with `reply` (the create-shipment reply JSON) also against the shipment.',
  input: z.object({
    ...zplInput,
    reply: z.string().optional().describe('the create-shipment reply, as JSON text, to check the labels against'),
    trackingNumber: z.string().max(200).optional().describe('the piece(s), comma-separated'),
  }),
  output: labelCheckReply,
  run: async ({ zpl, dpmm, size, reply, trackingNumber }, ctx: ToolContext) => {
    const url = `${LABELS}/${dpmm}dpmm/labels/${encodeURIComponent(size)}/check`;
    const fields = {
      ...(reply === undefined ? {} : { reply }),
      ...(trackingNumber === undefined ? {} : { trackingNumber }),
    };
    if (Object.keys(fields).length === 0) {
      const payload = Buffer.from(zpl, 'utf8');
      const headers = { 'content-type': 'application/x-www-form-urlencoded' };
      return { structured: await requestJson<Record<string, unknown>>(ctx, { method: 'POST', url, headers, payload }) };
    }
    const { boundary, body } = multipart({ file: zpl, ...fields });
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    return {
      structured: await requestJson<Record<string, unknown>>(ctx, { method: 'POST', url, headers, payload: body }),
    };
  },
});

export const labelTools = [zplRender, zplLint, zplCheck];
