import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiRoutes, type RouteName, type RouteSchema, type RouteSchemas } from '@lab/core/contract';

/** The instance a FastifyPluginAsyncZod is given. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Answers a route declares besides the table's 200 (a 400 with its own shape), by status. */
type ExtraReplies = Record<number, z.ZodType>;

/** The Fastify schema of a table route: its params, querystring, body and 200 reply, plus `Extra`. */
export type TableSchema<N extends RouteName, Extra extends ExtraReplies> = {
  params: RouteSchema<N, 'params'>;
  querystring: RouteSchema<N, 'querystring'>;
  body: RouteSchema<N, 'body'>;
  response: (RouteSchema<N, 'reply'> extends z.ZodType ? { 200: RouteSchema<N, 'reply'> } : unknown) & Extra;
};

/** What the route file still says: the OpenAPI words (summary, tags…), extra answers and route options. */
export type TableRouteOptions<Extra extends ExtraReplies> = Omit<RouteShorthandOptions, 'schema'> & {
  schema?: Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'response'> & {
    summary?: string;
    description?: string;
    tags?: string[];
    hide?: boolean;
    response?: Extra;
  };
};

/**
 * Registers the route `name` of the contract's route table: its method, path and schemas come from
 * the table (so a renamed path changes there only), the handler is typed by them (a reply of the
 * wrong shape fails the type check), and `options` adds what only the server knows.
 */
export function registerRoute<N extends RouteName, Extra extends ExtraReplies = Record<never, never>>(
  app: ZodApp,
  name: N,
  options: TableRouteOptions<Extra>,
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    TableSchema<N, Extra>,
    ZodTypeProvider
  >,
): void {
  const { method, path, ...schemas }: { method: string; path: string } & RouteSchemas = apiRoutes[name];
  const { reply, ...request } = schemas;
  const response = { ...(reply ? { 200: reply } : {}), ...options.schema?.response };
  app.route({
    ...options,
    method,
    url: path,
    schema: { ...options.schema, ...request, ...(Object.keys(response).length ? { response } : {}) },
    handler: handler as RouteHandlerMethod<
      RawServerDefault,
      RawRequestDefaultExpression,
      RawReplyDefaultExpression,
      RouteGenericInterface,
      ContextConfigDefault,
      FastifySchema,
      ZodTypeProvider
    >,
  });
}
