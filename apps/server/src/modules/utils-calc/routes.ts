import { z } from 'zod';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { validationMessage } from '../../http/errors.js';
import { calculateDimWeightAnswer, checkAccountAnswer, trackingNeighboursAnswer } from './service.js';

/** What callers send: numbers or the text typed in a form. */
const looseValue = z
  .union([z.string().max(40), z.number()])
  .nullable()
  .optional();

const errorAnswer = z.object({ tag: z.literal('error'), message: z.string() });

const dimWeightAnswer = z.object({
  tag: z.literal('success'),
  message: z.object({
    isFreight: z.boolean(),
    roundedactwgt: z.number(),
    roundeddimwgt: z.number(),
    girth: z.number(),
    comments: z.array(z.string()),
  }),
});

const neighboursAnswer = z.object({
  tag: z.literal('success'),
  data: z.tuple([z.array(z.string()), z.array(z.string())]),
  message: z.string().optional(),
  corrected: z.string().optional(),
});

const accountAnswer = z.object({
  tag: z.enum(['success', 'error']),
  msg: z.string(),
  message: z.string().optional(),
  data: z.tuple([z.union([z.literal(0), z.literal(1)]), z.string()]).optional(),
});

/**
 * Useful Tools calculators: dimensional weight, tracking-number neighbours and the enterprise
 * account check. They keep the `{tag, message | msg, data}` bodies existing callers read, errors
 * included (400 with `tag: "error"` and the message in `message`, and in `msg` for /ean).
 */
export const utilsCalcRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['utils'];

  // Schema failures answer in the same tagged shape as the handlers' own errors.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const message = validationMessage(error.validationContext, error.validation ?? []);
      const body = request.url.endsWith('/ean') ? { tag: 'error', msg: message, message } : { tag: 'error', message };
      return reply.code(400).send(body);
    }
    throw error;
  });

  app.post(
    '/utils/v1/dimweight',
    {
      schema: {
        summary: 'Dimensional weight, girth and whether freight service is required (international express)',
        tags,
        body: z.object({ length: looseValue, width: looseValue, height: looseValue, actualweight: looseValue }),
        response: { 200: dimWeightAnswer, 400: errorAnswer },
      },
    },
    async (req, reply) => {
      const answer = calculateDimWeightAnswer(req.body);
      return answer.tag === 'error' ? reply.code(400).send(answer) : answer;
    },
  );

  app.post(
    '/utils/v1/trackingnumber',
    {
      schema: {
        summary: 'The valid express tracking numbers before and after one (serial ± 1…N, 1-3-7 mod 11)',
        tags,
        body: z.object({ trackingnumber: looseValue, numberofrange: looseValue }),
        response: { 200: neighboursAnswer, 400: errorAnswer },
      },
    },
    async (req, reply) => {
      const answer = trackingNeighboursAnswer(req.body);
      return answer.tag === 'error' ? reply.code(400).send(answer) : answer;
    },
  );

  app.post(
    '/utils/v1/ean',
    {
      schema: {
        summary: 'Enterprise account number check digit (1-3-7 mod 11 over the first 8 digits)',
        tags,
        body: z.object({ ean: looseValue }),
        response: { 200: accountAnswer, 400: accountAnswer },
      },
    },
    async (req, reply) => {
      const answer = checkAccountAnswer(req.body);
      return answer.tag === 'error' ? reply.code(400).send(answer) : answer;
    },
  );
};
