import type { FastifyInstance } from 'fastify';

/**
 * Deepest JSON nesting a request body may have. The carrier's deepest documents nest about 12
 * levels; 10,000 levels overflow the stack of whatever walks the value next (validators, samplers).
 */
export const MAX_JSON_DEPTH = 128;

/**
 * The nesting depth of a JSON text (brackets outside strings), scanning at most until `stop` is
 * passed: linear and iteration-only, so it is safe on any input.
 */
export function jsonDepth(text: string, stop: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
      if (max > stop) return max;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** A 400 the error handler answers in the route's own shape (`config.errorReply`). */
class JsonDepthError extends Error {
  readonly statusCode = 400;
}

/**
 * The app's JSON body parser: Fastify's own (prototype-poisoning checks) after a depth check, so
 * deep nesting is a 400 in the route's error shape, never a stack overflow further on.
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new JsonDepthError(`the JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      return;
    }
    parse(request, text, done);
  });
}
