/**
 * What a module declares for the MCP server (its `tools` and `resources` parts, `module.ts`): tools
 * typed by zod (the contract's schemas where a route has them), run with the services the module
 * needs and an in-process client of this app's own routes, so an MCP call meets the same body
 * limits, rate limits, render pool and fair queue as an HTTP client.
 */
import type { z } from 'zod';
import type { ServiceContext, ServiceName } from '../module.js';

/** One in-process request to this app (Fastify's inject), as the MCP client. */
export interface LabRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The full URL below this server (`/lab/api/…`, `/lab/sim/…`), query included. */
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
}

export interface LabResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  rawPayload: Buffer;
  json: () => unknown;
}

/**
 * A tool's context: the module's services and the shared parts (`ServiceContext<S>`), and `request`,
 * which calls a route of this app as the MCP client does (its sign-in and address on /lab/api, the
 * per-app internal key on /lab/sim, where the caller brings the carrier's own credential).
 */
export interface ToolContext<S extends ServiceName = never> extends ServiceContext<S> {
  request: (req: LabRequest) => Promise<LabResponse>;
}

/** MCP content blocks a tool answers besides its structured result. */
export type ToolContent =
  | { type: 'text'; text: string }
  | { type: 'image'; data: string; mimeType: string }
  | { type: 'resource'; resource: { uri: string; mimeType: string; blob: string } };

/** What a tool's `run` answers: a JSON result (the structured content, shown as text too) and/or content blocks. */
export interface ToolResult {
  structured?: Record<string, unknown>;
  content?: ToolContent[];
}

/** One tool, as a module declares it; `input` (and `output`) are zod objects. */
export interface LabTool<S extends ServiceName = ServiceName> {
  name: string;
  description: string;
  input: z.ZodObject;
  /** The structured result's schema (checked by the SDK); absent for tools that answer content only. */
  output?: z.ZodObject;
  /** A property, not a method: checked contravariantly, so a tool using a service its module lacks fails `tsc`. */
  run: (args: never, ctx: ToolContext<S>) => Promise<ToolResult>;
}

/** Declares a tool: `args` are typed by `input`, `ctx` by the services the module needs. */
export function defineTool<I extends z.ZodObject, S extends ServiceName = never>(tool: {
  name: string;
  description: string;
  input: I;
  output?: z.ZodObject;
  run: (args: z.output<I>, ctx: ToolContext<S>) => Promise<ToolResult>;
}): LabTool<S> {
  return tool as unknown as LabTool<S>;
}

/** One resource as a list names it. */
export interface LabResourceEntry {
  uri: string;
  name: string;
  title?: string;
  description?: string;
}

/**
 * A module's resources under one URI template (e.g. `lab://carrier-docs/{name}`): listed and read
 * when a client asks (imported documents come and go).
 */
export interface LabResources<S extends ServiceName = ServiceName> {
  name: string;
  template: string;
  description: string;
  mimeType: string;
  list(ctx: ServiceContext<S>): Promise<LabResourceEntry[]>;
  /** The resource's text; undefined when there is none at `uri`. */
  read(ctx: ServiceContext<S>, uri: string): Promise<string | undefined>;
}

/** A failure the client reads as an MCP tool error (`isError`), with the product's message. */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}

/** The product's message of a 4xx/5xx reply: `{message}`, the carrier's `errors[]`, or the status. */
export function replyMessage(res: LabResponse): string {
  try {
    const body = res.json() as { message?: unknown; errors?: { code?: string; message?: string }[] };
    if (typeof body.message === 'string') return body.message;
    if (Array.isArray(body.errors) && body.errors.length) {
      return body.errors.map((e) => [e.code, e.message].filter(Boolean).join(': ')).join('; ');
    }
  } catch {
    // not JSON: the text itself below
  }
  return res.body.trim() || `HTTP ${res.statusCode}`;
}

/** A route's JSON answer, or a ToolError with its message when it refused (any status ≥ 400). */
export async function requestJson<T = unknown>(ctx: Pick<ToolContext, 'request'>, req: LabRequest): Promise<T> {
  const res = await ctx.request(req);
  if (res.statusCode >= 400) throw new ToolError(replyMessage(res));
  return res.json() as T;
}
