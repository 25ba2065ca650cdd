/** Rate quotes and service availability, from the tariff model (`../rateReplies.ts`, `../availability.ts`, `../tariff/`). */
import { packageAndServiceOptionsOutput, specialServiceOptionsOutput } from '../availability.js';
import { rateQuoteOutput } from '../rateReplies.js';
import { envelope, today, type SimContext, type SimReply, type SimRequest } from './context.js';

export async function rateQuotes(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  return { status: 200, body: envelope(ctx, req, await rateQuoteOutput(ctx.places, req.body, today(req))) };
}

export async function packageAndServiceOptions(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const output = await packageAndServiceOptionsOutput(ctx.places, req.body, today(req));
  return { status: 200, body: envelope(ctx, req, output) };
}

export async function specialServiceOptions(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const output = await specialServiceOptionsOutput(ctx.places, req.body, today(req));
  return { status: 200, body: envelope(ctx, req, output) };
}
