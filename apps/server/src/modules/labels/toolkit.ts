/**
 * The ZPL toolkit's additions to the label service: the linter (`X-Linter: On` → `X-Warnings`),
 * data extraction (`Accept: application/json`), sheet layout for PDF (`X-Page-*`,
 * `X-Label-Border`), `X-Quality` for PNG, and `POST …/labels/v1/graphics` (image → ZPL).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { labelDataReply, type GraphicReply } from '@lab/core/contract';
import { labelPixelSize, type LabelSize } from '@lab/core/labels';
import {
  analyzeZpl,
  formatWarningsHeader,
  graphicLabel,
  parseQuality,
  parseSheetHeaders,
  type GraphicOptions,
  type LabelQuality,
  type SheetOptions,
  type ZplAnalysis,
} from '@lab/core/labels/zpl';
import { badRequest, HttpError } from '../../http/errors.js';
import { detectImageKind, imageHeaderProblem } from '../../images/decode.js';
import { labelClient } from './limits.js';
import { readMultipart } from './multipart.js';
import { RenderBusyError, RenderError, RenderTimeoutError } from './pool.js';
import type { LabelService } from './service.js';

/** At most this many warnings go in the X-Warnings header (the JSON form has them all). */
const WARNINGS_HEADER_LIMIT = 20;

/** Header descriptions for the OpenAPI document of the label routes. */
export const toolkitHeaders = {
  'x-linter': z
    .string()
    .optional()
    .describe(
      'On: lint the ZPL and answer X-Warnings (byteIndex|byteSize|command|parameterNumber|message …, at most 20)',
    ),
  'x-page-size': z.string().optional().describe('PDF on office paper: Letter, A4, A5, A6 or Legal'),
  'x-page-orientation': z.string().optional().describe('Portrait (default) or Landscape'),
  'x-page-layout': z.string().optional().describe('<columns>x<rows> labels a page, e.g. 2x3 (default 1x1)'),
  'x-page-align': z.string().optional().describe('Left, Center (default), Right or Justify'),
  'x-page-vertical-align': z.string().optional().describe('Top (default), Center, Bottom or Justify'),
  'x-label-border': z.string().optional().describe('None (default), Dashed or Solid'),
  'x-quality': z.string().optional().describe('PNG: Grayscale (default) or Bitonal'),
};

interface ToolkitRequest {
  linter: boolean;
  sheet: SheetOptions | undefined;
  quality: LabelQuality;
}

const header = (request: FastifyRequest, name: string) => {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Reads the toolkit headers; a bad value is a 400 with the parser's message. */
export function readToolkitHeaders(request: FastifyRequest): ToolkitRequest {
  const linterRaw = header(request, 'x-linter');
  const linter = linterRaw !== undefined && /^(on|true|1|yes)$/i.test(linterRaw.trim());
  if (linterRaw !== undefined && !linter && !/^(off|false|0|no|)$/i.test(linterRaw.trim())) {
    throw badRequest(`invalid X-Linter "${linterRaw}": use On or Off`);
  }
  const sheet = parseSheetHeaders({
    pageSize: header(request, 'x-page-size'),
    orientation: header(request, 'x-page-orientation'),
    layout: header(request, 'x-page-layout'),
    align: header(request, 'x-page-align'),
    verticalAlign: header(request, 'x-page-vertical-align'),
    border: header(request, 'x-label-border'),
  });
  if (!sheet.ok) throw badRequest(sheet.message);
  const quality = parseQuality(header(request, 'x-quality'));
  if (!quality.ok) throw badRequest(quality.message);
  return { linter, sheet: sheet.value, quality: quality.value };
}

/** Lints/extracts against the requested label size in dots. */
export function analyzeForRequest(zpl: Uint8Array, size: LabelSize, dpmm: number): ZplAnalysis {
  const px = labelPixelSize(size, dpmm);
  return analyzeZpl(zpl, { widthDots: px.width, heightDots: px.height });
}

/** A header value must be printable ASCII. */
const headerSafe = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/** Sets X-Warnings (pipe groups, at most 20) and X-Warnings-Count (all of them). */
export function setWarningHeaders(reply: FastifyReply, analysis: ZplAnalysis): void {
  reply.header('x-warnings-count', String(analysis.warnings.length));
  if (analysis.warnings.length > 0) {
    reply.header('x-warnings', headerSafe(formatWarningsHeader(analysis.warnings, WARNINGS_HEADER_LIMIT)));
  }
}

/** `Accept: application/json`: the extracted fields (all labels, or the one indexed) and every warning. */
export function sendLabelData(reply: FastifyReply, analysis: ZplAnalysis, index: number | undefined) {
  const total = analysis.labels.length;
  if (index !== undefined && index >= total) {
    return reply
      .code(404)
      .header('x-total-count', String(total))
      .send({ message: `label index ${index} is out of range: the ZPL holds ${total} label${total === 1 ? '' : 's'}` });
  }
  const labels = index === undefined ? analysis.labels : [analysis.labels[index]!];
  return reply
    .header('x-total-count', String(total))
    .type('application/json; charset=utf-8')
    .send(labelDataReply.parse({ labels, warnings: analysis.warnings }));
}

// ---------------------------------------------------------------------------------------------
// POST /labels/v1/graphics

const graphicFields = z.object({
  width: z.coerce.number().int().min(1).max(9144).optional(),
  dither: z.enum(['threshold', 'floyd-steinberg']).optional(),
  threshold: z.coerce.number().int().min(0).max(255).optional(),
  encoding: z.enum(['hex', 'z64']).optional(),
  invert: z.enum(['true', 'false']).optional(),
});

export const GRAPHIC_NO_FILE_MESSAGE = 'send the image as the multipart/form-data field "file"';

async function readImage(request: FastifyRequest): Promise<{ image: Buffer; fields: Record<string, string> }> {
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(request.query as Record<string, unknown>))
    if (typeof v === 'string') fields[k] = v;
  if (!request.isMultipart()) {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (body.byteLength === 0) throw badRequest(GRAPHIC_NO_FILE_MESSAGE);
    return { image: body, fields };
  }
  const multipart = await readMultipart(request);
  Object.assign(fields, multipart.fields);
  const image = multipart.files.get('file');
  if (!image) throw badRequest(GRAPHIC_NO_FILE_MESSAGE);
  return { image, fields };
}

/** Registers the image → ZPL route in the label routes' context (their body parsers and multipart). */
export function graphicsRoute(service: LabelService, bodyLimit: number): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/labels/v1/graphics',
      {
        bodyLimit,
        schema: {
          summary: 'Convert an image (PNG, JPEG or BMP) to a ZPL ^GFA graphic',
          description:
            'Body: the image as the multipart/form-data field "file" (or the raw body). Options as form fields or query: ' +
            'width (dots; the height keeps the aspect ratio), dither (threshold | floyd-steinberg), threshold (0–255, default 128), ' +
            'encoding (hex = compressed ASCII hex, default | z64), invert (true | false). Answers the ZPL of a label holding the ' +
            'graphic (text/plain), or with Accept: application/json the command and its size.',
          tags: ['labels'],
          headers: z.looseObject({ accept: z.string().optional() }),
          response: {
            400: z.object({ message: z.string() }),
            413: z.object({ message: z.string() }),
            415: z.object({ message: z.string() }),
            422: z.object({ message: z.string() }),
            503: z.object({ message: z.string() }),
          },
        },
      },
      async (request, reply) => {
        const { image, fields } = await readImage(request);
        const parsed = graphicFields.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          throw badRequest(`${issue.path.join('.')}: ${issue.message}`);
        }
        if (!detectImageKind(image)) throw new HttpError(415, 'the file is not a PNG, JPEG or BMP image');
        // Refused from its header, before it takes a render worker and memory to decode.
        const tooLarge = imageHeaderProblem(image);
        if (tooLarge) throw new HttpError(422, tooLarge);
        const o = parsed.data;
        const options: GraphicOptions = {
          ...(o.width !== undefined ? { widthDots: o.width } : {}),
          ...(o.dither ? { dither: o.dither } : {}),
          ...(o.threshold !== undefined ? { threshold: o.threshold } : {}),
          ...(o.encoding ? { encoding: o.encoding } : {}),
          ...(o.invert === 'true' ? { invert: true } : {}),
        };
        try {
          const graphic = await service.graphic(image, options, { client: labelClient(request) });
          const zpl = graphicLabel(graphic);
          reply
            .header('x-graphic-width', String(graphic.widthDots))
            .header('x-graphic-height', String(graphic.heightDots));
          if ((request.headers.accept ?? '').toLowerCase().includes('application/json')) {
            return (reply as FastifyReply)
              .type('application/json; charset=utf-8')
              .send({ zpl, ...graphic } satisfies GraphicReply);
          }
          return (reply as FastifyReply).type('text/plain; charset=utf-8').send(zpl);
        } catch (err) {
          if (err instanceof RenderError || err instanceof RenderTimeoutError) throw new HttpError(422, err.message);
          if (err instanceof RenderBusyError)
            return reply.code(503).header('retry-after', '1').send({ message: err.message });
          throw err;
        }
      },
    );
  };
}
