import { accountCheckReply, taggedError } from '@lab/core/contract';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';
import { calculateDimWeightAnswer, checkAccountAnswer, trackingNeighboursAnswer } from './service.js';

const tags = ['utils'];

/** Every 4xx of these routes, schema failures included, keeps their tagged error shape. */
const tagged = { errorReply: (message: string) => ({ tag: 'error', message }) };
/** /ean's callers read the message from `msg`. */
const taggedWithMsg = { errorReply: (message: string) => ({ tag: 'error', msg: message, message }) };

/**
 * Useful Tools calculators: dimensional weight, tracking-number neighbours and the enterprise
 * account check, with the `{tag, message | msg, data}` bodies existing callers read.
 */
export const shippingRoutes: ModulePlugin = async (app) => {
  registerRoute(
    app,
    'shipping.dimWeight',
    {
      config: tagged,
      schema: {
        summary: 'Dimensional weight, girth and whether freight service is required (international express)',
        tags,
        response: { 400: taggedError },
      },
    },
    async (req, reply) => {
      const answer = calculateDimWeightAnswer(req.body);
      return answer.tag === 'error' ? reply.code(400).send(answer) : answer;
    },
  );

  registerRoute(
    app,
    'shipping.trackingNeighbours',
    {
      config: tagged,
      schema: {
        summary: 'The valid express tracking numbers before and after one (serial ± 1…N, 1-3-7 mod 11)',
        tags,
        response: { 400: taggedError },
      },
    },
    async (req, reply) => {
      const answer = trackingNeighboursAnswer(req.body);
      return answer.tag === 'error' ? reply.code(400).send(answer) : answer;
    },
  );

  registerRoute(
    app,
    'shipping.accountCheck',
    {
      config: taggedWithMsg,
      schema: {
        summary: 'Enterprise account number check digit (1-3-7 mod 11 over the first 8 digits)',
        tags,
        response: { 400: accountCheckReply },
      },
    },
    async (req, reply) => {
      const answer = checkAccountAnswer(req.body);
      return answer.tag === 'error' ? reply.code(400).send(answer) : answer;
    },
  );
};
