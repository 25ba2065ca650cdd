/**
 * The carrier twin for a coding agent (MCP): validate a request as the twin would judge it, call
 * any enabled catalogue endpoint of the twin (its own routes, in-process: traffic log, faults,
 * state, tokens handled here), list its shipments with their events.
 */
import { z } from 'zod';
import { CARRIER_SIM_BASES, CARRIER_SIM_PRODUCTION, CARRIER_TOKEN_PATH, endpointById } from '@lab/core/carrier';
import { openApiValidateReply, simShipmentsReply } from '@lab/core/contract';
import { isObject } from '@lab/core/json';
import { defineTool, requestJson, ToolError, type ToolContext } from '../../mcp/tool.js';
import { shipmentProblems } from './rules.js';

const environment = z.enum(['sandbox', 'production']).default('sandbox');

/** Endpoints whose body the twin judges by the shipment rules too (account, addresses, packages, customs). */
const SHIPMENT_RULES: Record<string, (body: Record<string, unknown>) => unknown> = {
  'ship-create': (body) => body.requestedShipment,
};

const ruleProblem = z.object({ path: z.string(), code: z.string(), message: z.string() });

export const carrierRequestValidate = defineTool({
  name: 'carrier_request_validate',
  description:
    "Check a request body against a catalogue endpoint as the twin judges it: the operation's OpenAPI request schema (each problem at its path) and, for ship-create, the twin's business rules.",
  input: z.object({
    endpoint: z.string().min(1).max(100).describe('a catalogue id such as ship-create'),
    body: z.unknown().describe('the request body (JSON)'),
  }),
  output: openApiValidateReply.extend({ rules: z.array(ruleProblem) }),
  run: async ({ endpoint, body }, ctx: ToolContext<'places'>) => {
    const schema = await requestJson<z.output<typeof openApiValidateReply>>(ctx, {
      method: 'POST',
      url: '/lab/api/openapi-docs/validate',
      payload: { endpoint, body },
    });
    const requested = isObject(body) ? SHIPMENT_RULES[endpoint]?.(body) : undefined;
    const rules = isObject(requested)
      ? (await shipmentProblems(ctx.services.places, body as never, requested as never)).map((e) => ({
          path: e.parameterList?.find((p) => p.key === 'path')?.value ?? '$',
          code: e.code,
          message: e.message,
        }))
      : [];
    return { structured: { ...schema, valid: schema.valid && rules.length === 0, rules } };
  },
});

/** The headers of a twin reply an integration reads. */
const HEADERS_THAT_MATTER = [
  'content-type',
  'retry-after',
  'location',
  'x-customer-transaction-id',
  'www-authenticate',
];

/** The client id the twin's tokens for MCP calls are issued to (its label renders queue under it). */
export const MCP_TWIN_CLIENT = 'lab-mcp';

export const twinCall = defineTool({
  name: 'twin_call',
  description:
    "Call the carrier twin (offline, answers like the carrier) at any enabled catalogue endpoint, e.g. ship-create or track-tracking-numbers, in sandbox or production; the OAuth token is handled for you. Answers the status, the headers that matter and the body, as the carrier's API would.",
  input: z.object({
    endpoint: z.string().min(1).max(100).describe('a catalogue id such as ship-create or track-tracking-numbers'),
    environment,
    body: z.unknown().optional().describe('the JSON request body'),
    pathParams: z
      .record(z.string(), z.string().max(200))
      .optional()
      .describe('values of the path template, e.g. {"shipmentid": "…"}'),
  }),
  output: z.object({
    endpoint: z.string(),
    environment: z.string(),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    headers: z.record(z.string(), z.string()),
    body: z.unknown(),
  }),
  run: async ({ endpoint: id, environment, body, pathParams }, ctx: ToolContext) => {
    const endpoint = endpointById(id);
    if (!endpoint) throw new ToolError(`no carrier endpoint ${id}`);
    if (endpoint.disabled) throw new ToolError(`the carrier endpoint ${id} is disabled`);
    const env = environment === 'production' ? CARRIER_SIM_PRODUCTION : '';
    const token = await requestJson<{ access_token: string }>(ctx, {
      method: 'POST',
      url: `${CARRIER_SIM_BASES.api}${env}${CARRIER_TOKEN_PATH}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=client_credentials&client_id=${MCP_TWIN_CLIENT}&client_secret=${MCP_TWIN_CLIENT}`,
    });
    const path = endpoint.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
      const value = pathParams?.[name];
      if (value === undefined) throw new ToolError(`${id} needs pathParams.${name} (${endpoint.path})`);
      return encodeURIComponent(value);
    });
    const res = await ctx.request({
      method: endpoint.method,
      url: `${CARRIER_SIM_BASES[endpoint.host]}${env}${path}`,
      headers: {
        authorization: `Bearer ${token.access_token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    const headers = Object.fromEntries(
      HEADERS_THAT_MATTER.filter((h) => res.headers[h] !== undefined).map((h) => [h, String(res.headers[h])]),
    );
    let replyBody: unknown = res.body;
    try {
      replyBody = res.json();
    } catch {
      // not JSON: the text as it came
    }
    return {
      structured: {
        endpoint: id,
        environment,
        method: endpoint.method,
        path,
        status: res.statusCode,
        headers,
        body: replyBody,
      },
    };
  },
});

export const twinShipments = defineTool({
  name: 'twin_shipments',
  description:
    "The twin's shipments of an environment, newest first, each with its planned scan events (`due` once the simulated clock reached them) and status.",
  input: z.object({ environment, limit: z.number().int().min(1).max(200).default(50) }),
  output: simShipmentsReply,
  run: async ({ environment, limit }, ctx: ToolContext) => ({
    structured: await requestJson<Record<string, unknown>>(ctx, {
      method: 'GET',
      url: `/lab/api/simulator/shipments?environment=${environment}&limit=${limit}`,
    }),
  }),
});

export const carrierSimTools = [carrierRequestValidate, twinCall, twinShipments];
