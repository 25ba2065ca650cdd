/** Pickup create (`/pickup/v1/pickups`). */
import { asObject as obj, asText as str } from '@lab/core/json';
import type { SimContext, SimReply, SimRequest } from './context.js';
import { fromExample } from './fromExample.js';

/** A pickup is answered from the document's example (identifiers echoed) and remembered by its confirmation code. */
export async function pickupCreate(ctx: SimContext, req: SimRequest): Promise<SimReply> {
  const reply = await fromExample(ctx, req);
  const output = obj(reply.body.output);
  const code = str(output.pickupConfirmationCode);
  if (reply.status < 300 && code) {
    await ctx.store.insertPickup(code, str(output.location) || null, req.body, req.now);
  }
  return reply;
}
