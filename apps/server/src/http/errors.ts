import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error a handler throws to answer 4xx with a message people can act on. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);

interface Issue {
  instancePath?: string;
  message?: string;
}

/** "body.ids: Expected array, received string" — where the problem is and what it is. */
export function validationMessage(context: string | undefined, issues: Issue[]): string {
  return issues
    .map((i) => {
      const where = [context, ...(i.instancePath ?? '').split('/').filter(Boolean)].filter(Boolean).join('.');
      return where ? `${where}: ${i.message ?? 'invalid'}` : (i.message ?? 'invalid');
    })
    .join('; ');
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The body of this route's 4xx answers when the route has an error shape of its own (its
     * response schemas declare it); by default `{message}`. Validation failures, malformed bodies
     * and handler HttpErrors all use it, so a 4xx always fits the route's schema.
     */
    errorReply?: (message: string) => Record<string, unknown>;
  }
}

/** The answer to text carrying U+0000, which PostgreSQL's text and jsonb cannot hold or compare. */
const NUL_TEXT_MESSAGE = 'Text must not contain the NUL character (U+0000)';

/**
 * PostgreSQL refusing a NUL in a text parameter (22021: invalid byte sequence 0x00) or in a jsonb
 * string (22P05: unsupported Unicode escape \u0000). Both come from what the client sent: a path,
 * query or body value, so they are the client's 400, not a 5xx. (SQLite stores NUL, so the same
 * request on SQLite simply finds or stores the text.)
 */
function isNulTextError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; detail?: unknown };
  if (e.code !== '22021' && e.code !== '22P05') return false;
  return /0x00|\\u0000/.test(`${String(e.message)} ${String(e.detail)}`);
}

/**
 * The one error handler: 4xx answers carry the validation or handler message (in the route's own
 * error shape when it declares one); 5xx are logged with the request id and answered without
 * internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = (status: number, message: string) =>
      reply.code(status).send(request.routeOptions.config.errorReply?.(message) ?? { message });
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return clientError(400, validationMessage(error.validationContext, error.validation ?? []));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return clientError(413, `Payload too large: the limit is ${request.routeOptions.bodyLimit} bytes`);
    }
    if (isNulTextError(error)) return clientError(400, NUL_TEXT_MESSAGE);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ message: 'Internal Server Error', requestId: request.id });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return clientError(status, error.message);
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({
      message: 'Internal Server Error',
      requestId: request.id,
    });
  });
}
