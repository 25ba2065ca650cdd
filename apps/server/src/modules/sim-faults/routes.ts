import { messageReply as message } from '@lab/core/contract';
import { badRequest, notFound } from '../../http/errors.js';
import { registerRoute } from '../../http/routes.js';
import type { ModulePlugin } from '../../module.js';
import { FAULT_ENDPOINT_IDS, faultBodyProblem } from './faults.js';

const unknownEndpoint = (id: string) =>
  notFound(`no carrier endpoint "${id}": a fault is set on an enabled catalogue endpoint id or on oauth-token`);

/** GET/PUT/DELETE /lab/api/simulator/faults… — the fault switchboard of the carrier simulator. */
export const simFaultRoutes: ModulePlugin<'simFaults'> = async (app) => {
  const faults = app.services.simFaults;

  registerRoute(
    app,
    'simulator.faults',
    { schema: { summary: 'The faults set on the carrier simulator’s endpoints', tags: ['simulator'] } },
    async () => ({ faults: await faults.list() }),
  );

  registerRoute(
    app,
    'simulator.setFault',
    {
      schema: {
        summary:
          'Set an endpoint’s fault: latency (+ jitter), an error status for a rate of calls, token expired, hang',
        tags: ['simulator'],
        response: { 400: message, 404: message },
      },
    },
    async (request) => {
      const { endpointId } = request.params;
      if (!FAULT_ENDPOINT_IDS.has(endpointId)) throw unknownEndpoint(endpointId);
      const problem = faultBodyProblem(endpointId, request.body);
      if (problem) throw badRequest(problem);
      return faults.set(endpointId, request.body);
    },
  );

  registerRoute(
    app,
    'simulator.clearFault',
    {
      schema: { summary: 'Clear an endpoint’s fault', tags: ['simulator'], response: { 404: message } },
    },
    async (request) => {
      const { endpointId } = request.params;
      if (!FAULT_ENDPOINT_IDS.has(endpointId)) throw unknownEndpoint(endpointId);
      if (!(await faults.clear(endpointId))) throw notFound(`no fault is set on ${endpointId}`);
      return { endpointId };
    },
  );
};
