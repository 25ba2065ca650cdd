import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parsedString } from '@lab/core/contract';
import { parseDpmm, parseLabelIndex, parseLabelSize, parseRotation } from '@lab/core/labels';
import { badRequest, HttpError } from '../../http/errors.js';
import type { ModulePlugin } from '../../module.js';
import { registerCheckRoute } from './checkRoute.js';
import { readLabelBody } from './labelBody.js';
import { ClientConcurrency } from './limits.js';
import { renderForRequest } from './renderRequest.js';
import type { LabelFormat } from './service.js';
import { renderFailureReply } from './renderFailure.js';
import {
  analyzeForRequest,
  graphicsRoute,
  readToolkitHeaders,
  sendLabelData,
  setWarningHeaders,
  toolkitHeaders,
} from './toolkit.js';

const paramsWithIndex = z.object({
  dpmm: parsedString(parseDpmm).describe('print density: 6dpmm, 8dpmm, 12dpmm or 24dpmm'),
  size: parsedString(parseLabelSize).describe('label width x height in inches, e.g. 4x6 (at most 15)'),
  index: parsedString(parseLabelIndex).describe('label index, base 0'),
});
const paramsAll = paramsWithIndex.omit({ index: true });

const headers = z.looseObject({
  accept: z
    .string()
    .optional()
    .describe('image/png (default), application/pdf or application/json (the fields of each label)'),
  'x-rotation': z.string().optional().describe('0, 90, 180 or 270: turn the output clockwise'),
  ...toolkitHeaders,
});

const message = z.object({ message: z.string() });

/** Picks PNG, PDF or JSON (extracted data) from an Accept header (quality values honoured); undefined = none acceptable. */
export function chooseFormat(accept: string | undefined): LabelFormat | 'json' | undefined {
  if (!accept || accept.trim() === '') return 'png';
  let best: { format: LabelFormat | 'json'; q: number } | undefined;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!(q > 0)) continue;
    const format: LabelFormat | 'json' | undefined =
      type === 'application/pdf'
        ? 'pdf'
        : type === 'application/json'
          ? 'json'
          : type === 'image/png' || type === 'image/*' || type === '*/*'
            ? 'png'
            : undefined;
    if (format && (!best || q > best.q)) best = { format, q };
  }
  return best?.format;
}

/**
 * The ZPL → PNG/PDF conversion service, shaped like the well-known public ZPL API so existing
 * scripts can point at us: POST …/labels/v1/printers/{dpmm}/labels/{width}x{height}/[{index}/].
 */
export const labelRoutes: ModulePlugin<'labelRenderer'> = async (app) => {
  const config = app.config;
  // The app's one renderer (this module provides it; the simulators use it too), closed with the app.
  const service = app.services.labelRenderer;
  const perClient = new ClientConcurrency(config.labelMaxConcurrentPerClient);

  // This plugin is its own encapsulation context: the raw-body parsers apply to these routes only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: config.labelBodyLimitBytes }, (_request, body, done) =>
    done(null, body),
  );
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.labelBodyLimitBytes, fieldSize: config.labelBodyLimitBytes, files: 4, fields: 16 },
  });

  async function convert(
    request: FastifyRequest,
    reply: FastifyReply,
    params: { dpmm: 6 | 8 | 12 | 24; size: { widthIn: number; heightIn: number }; index?: number },
    accept: string | undefined,
    rotationHeader: string | undefined,
  ) {
    const rotation = parseRotation(rotationHeader ?? '0');
    if (!rotation.ok) throw badRequest(rotation.message);
    const format = chooseFormat(accept);
    if (!format)
      throw new HttpError(406, `cannot answer Accept "${accept}": use image/png, application/pdf or application/json`);
    const toolkit = readToolkitHeaders(request);
    const { zpl } = await readLabelBody(request);
    const analysis = toolkit.linter || format === 'json' ? analyzeForRequest(zpl, params.size, params.dpmm) : undefined;
    if (analysis && toolkit.linter) setWarningHeaders(reply, analysis);
    if (format === 'json') return sendLabelData(reply, analysis!, params.index);
    const started = performance.now();
    return renderForRequest(request, reply, perClient, config.labelRequestDeadlineMs, async (run) => {
      const out = await service.render(
        {
          zpl,
          dpmm: params.dpmm,
          size: params.size,
          index: params.index,
          rotation: rotation.value,
          format,
          sheet: format === 'pdf' ? toolkit.sheet : undefined,
          quality: format === 'png' ? toolkit.quality : undefined,
        },
        run,
      );
      return reply
        .header('x-total-count', String(out.total))
        .header('x-cache', out.cached ? 'hit' : 'miss')
        .header('server-timing', `render;dur=${(performance.now() - started).toFixed(2)}`)
        .type(out.contentType)
        .send(out.body);
    });
  }

  await app.register(graphicsRoute(service, config.labelBodyLimitBytes));
  registerCheckRoute(app, service, perClient);

  const responses = {
    400: message,
    404: message,
    406: message,
    413: message,
    422: renderFailureReply,
    429: message,
    503: message,
  };
  const routeConfig = { rateLimit: { max: config.labelRateLimitPerMinute, timeWindow: 60_000 } };
  const description =
    'Body: the ZPL as the raw request body (any content type, e.g. application/x-www-form-urlencoded or text/plain) or as the multipart/form-data field "file". ' +
    'Answers image/png (one label) or application/pdf (one page per label) with X-Total-Count = labels in the ZPL.';

  app.post(
    '/labels/v1/printers/:dpmm/labels/:size/:index',
    {
      bodyLimit: config.labelBodyLimitBytes,
      config: routeConfig,
      schema: {
        summary: 'Render one label of a ZPL document to PNG or PDF',
        description,
        tags: ['labels'],
        params: paramsWithIndex,
        headers,
        response: responses,
      },
    },
    (request, reply) => convert(request, reply, request.params, request.headers.accept, request.headers['x-rotation']),
  );

  app.post(
    '/labels/v1/printers/:dpmm/labels/:size',
    {
      bodyLimit: config.labelBodyLimitBytes,
      config: routeConfig,
      schema: {
        summary: 'Render a ZPL document: PNG of the first label, or a PDF of every label',
        description,
        tags: ['labels'],
        params: paramsAll,
        headers,
        response: responses,
      },
    },
    (request, reply) => convert(request, reply, request.params, request.headers.accept, request.headers['x-rotation']),
  );
};
