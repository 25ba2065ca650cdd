/** Locations and postal validation, answered from the lookups' places (`../locations.ts`). */
import { locationsOutput, postalValidateOutput } from '../locations.js';
import { envelope, type SimContext, type SimReply, type SimRequest } from './context.js';

export async function locations(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  return { status: 200, body: envelope(ctx, req, await locationsOutput(ctx.places, req.body)) };
}

export async function postalValidate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  return { status: 200, body: envelope(ctx, req, await postalValidateOutput(ctx.places, req.body)) };
}
