/**
 * The simulated clock for a coding agent (MCP): read it or move it forward, through this app's
 * clock routes (so an advance releases the events that fell due before it answers, as over HTTP).
 */
import { z } from 'zod';
import { simClockReply } from '@lab/core/contract';
import { defineTool, requestJson, type ToolContext } from '../../mcp/tool.js';

const CLOCK = '/lab/api/simulator/clock';

export const twinClock = defineTool({
  name: 'twin_clock',
  description:
    "The twin's simulated clock of an environment: `read` it, `advance` it (by an ISO-8601 duration such as PT6H, or until an instant), or `reset` it to real time (it never goes back otherwise).",
  input: z.object({
    action: z.enum(['read', 'advance', 'reset']).default('read'),
    environment: z.enum(['sandbox', 'production']).default('sandbox'),
    advance: z.string().max(100).optional().describe('for advance: an ISO-8601 duration, e.g. P1DT6H'),
    until: z.string().max(100).optional().describe('for advance: an ISO-8601 instant with a time zone'),
  }),
  output: simClockReply,
  run: async ({ action, environment, advance, until }, ctx: ToolContext) => {
    const structured =
      action === 'read' || action === 'reset'
        ? await requestJson<Record<string, unknown>>(ctx, {
            method: action === 'read' ? 'GET' : 'DELETE',
            url: `${CLOCK}?environment=${environment}`,
          })
        : await requestJson<Record<string, unknown>>(ctx, {
            method: 'POST',
            url: CLOCK,
            payload: { environment, advance, until },
          });
    return { structured };
  },
});
