/**
 * Every JSON route under /lab/api by name: its method and its Fastify path (`:name` for a path
 * parameter). Plain constants, no zod, so the web bundle may read them: the web client builds its
 * URLs from here and the test fake matches requests with them. The schemas of each route (params,
 * querystring, body, reply) are attached to the same names in @lab/core/contract's `apiRoutes`,
 * which the server registers; a name missing on either side is a compile error.
 */
export const routes = {
  'system.health': { method: 'GET', path: '/health' },
  'system.config': { method: 'GET', path: '/config' },

  'transactions.search': { method: 'GET', path: '/transactions/search' },
  'transactions.keywords': { method: 'GET', path: '/transactions/keywords' },
  'transactions.versions': { method: 'GET', path: '/transactions/versions' },
  'transactions.types': { method: 'GET', path: '/transactions/types' },
  'transactions.definition': { method: 'GET', path: '/transactions/:version/:type/:id' },
  'transactions.match': { method: 'GET', path: '/transactions/:version/:type/query/:text' },
  'transactions.byIds': { method: 'POST', path: '/transactions/:version/:type/ids' },

  'lookups.regions': { method: 'POST', path: '/utils/v1/iso3166/regions' },
  'lookups.countries': { method: 'GET', path: '/utils/v1/iso3166/countries' },
  'lookups.m49': { method: 'GET', path: '/utils/v1/m49' },
  'lookups.usStates': { method: 'GET', path: '/utils/v1/us-states' },
  'lookups.cities': { method: 'GET', path: '/utils/v1/cities' },
  'lookups.citiesReady': { method: 'GET', path: '/utils/v1/cities/ready' },
  'lookups.datasetStatus': { method: 'GET', path: '/utils/v1/datasets/:name' },
  'lookups.etdRequirement': { method: 'GET', path: '/utils/v1/etd-eci/requirement' },
  'lookups.etdList': { method: 'GET', path: '/utils/v1/etd-eci' },
  'lookups.hsSearch': { method: 'POST', path: '/utils/v1/hs-codes/search' },
  'lookups.postal': { method: 'POST', path: '/postal/lookup' },

  'shipping.dimWeight': { method: 'POST', path: '/utils/v1/dimweight' },
  'shipping.trackingNeighbours': { method: 'POST', path: '/utils/v1/trackingnumber' },
  'shipping.accountCheck': { method: 'POST', path: '/utils/v1/ean' },

  'webhooks.schemas': { method: 'GET', path: '/webhooks/schemas' },
  'webhooks.list': { method: 'GET', path: '/webhooks/:channel' },
  'webhooks.get': { method: 'GET', path: '/webhooks/:channel/:id' },
  'webhooks.delete': { method: 'DELETE', path: '/webhooks/:channel/:id' },
  'webhooks.deleteChannel': { method: 'DELETE', path: '/webhooks/:channel' },

  'openapi.documents': { method: 'GET', path: '/openapi-docs' },
  'openapi.operations': { method: 'GET', path: '/openapi-docs/:id/operations' },
  'openapi.view': { method: 'GET', path: '/openapi-docs/:id/view' },
  'openapi.document': { method: 'GET', path: '/openapi-docs/:id' },
  'openapi.releases': { method: 'GET', path: '/openapi-docs/:id/releases' },
  'openapi.diff': { method: 'GET', path: '/openapi-docs/:id/diff' },
  'openapi.whereUsed': { method: 'GET', path: '/openapi-docs/:id/where-used' },
  'openapi.validate': { method: 'POST', path: '/openapi-docs/validate' },
  'openapi.samples': { method: 'GET', path: '/carrier/samples/:endpoint' },

  'labels.check': { method: 'POST', path: '/labels/v1/printers/:dpmm/labels/:size/check' },

  'simulator.clock': { method: 'GET', path: '/simulator/clock' },
  'simulator.advanceClock': { method: 'POST', path: '/simulator/clock' },
  'simulator.resetClock': { method: 'DELETE', path: '/simulator/clock' },
  'simulator.shipments': { method: 'GET', path: '/simulator/shipments' },
  'simulator.setScenario': { method: 'PUT', path: '/simulator/shipments/:trackingNumber/scenario' },
  'simulator.subscriptions': { method: 'GET', path: '/simulator/subscriptions' },
  'simulator.subscribe': { method: 'POST', path: '/simulator/subscriptions' },
  'simulator.updateSubscription': { method: 'PATCH', path: '/simulator/subscriptions/:id' },
  'simulator.unsubscribe': { method: 'DELETE', path: '/simulator/subscriptions/:id' },
  'simulator.deliveries': { method: 'GET', path: '/simulator/subscriptions/:id/deliveries' },
  'simulator.faults': { method: 'GET', path: '/simulator/faults' },
  'simulator.setFault': { method: 'PUT', path: '/simulator/faults/:endpointId' },
  'simulator.clearFault': { method: 'DELETE', path: '/simulator/faults/:endpointId' },
  'simulator.traffic': { method: 'GET', path: '/simulator/traffic' },
  'simulator.trafficHar': { method: 'GET', path: '/simulator/traffic.har' },
  'simulator.clearTraffic': { method: 'DELETE', path: '/simulator/traffic' },
  'simulator.credentials': { method: 'GET', path: '/simulator/credentials' },
  'simulator.issueCredential': { method: 'POST', path: '/simulator/credentials' },
  'simulator.revokeCredential': { method: 'DELETE', path: '/simulator/credentials/:clientId' },

  'printRelay.config': { method: 'GET', path: '/print-relay/config' },
  'printRelay.issueListenId': { method: 'POST', path: '/print-relay/listen-ids' },
  'printRelay.sendJob': { method: 'POST', path: '/print-relay/:listenId/jobs' },
  'printRelay.jobs': { method: 'GET', path: '/print-relay/:listenId/jobs' },
  'printRelay.job': { method: 'GET', path: '/print-relay/:listenId/jobs/:taskId' },
  'printRelay.logResult': { method: 'POST', path: '/print-relay/:listenId/logs' },
  'printRelay.history': { method: 'GET', path: '/print-relay/:listenId/history' },
} as const satisfies Record<string, RoutePath>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Where a route answers: the method and the path below /lab/api. */
export interface RoutePath {
  method: HttpMethod;
  path: string;
}

export type RouteName = keyof typeof routes;

/** The names of a path's parameters: `'/webhooks/:channel/:id'` → `'channel' | 'id'`. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The names of a path's parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([^/]+)/g)].map((m) => m[1]!);
}

/**
 * The route a request below /lab/api goes to, with its path parameters (decoded); undefined when
 * none matches. Fixed segments win over parameters, as in Fastify's router.
 */
export function matchRoute(
  method: string,
  pathname: string,
): { name: RouteName; params: Record<string, string> } | undefined {
  const segments = pathname.split('/');
  let best: { name: RouteName; params: Record<string, string>; fixed: number } | undefined;
  for (const [name, route] of Object.entries(routes) as [RouteName, RoutePath][]) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let fixed = 0;
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part.startsWith(':')) {
        if (!segment) return false;
        params[part.slice(1)] = decodeURIComponent(segment);
        return true;
      }
      fixed += 1;
      return part === segment;
    });
    if (matches && (!best || fixed > best.fixed)) best = { name, params, fixed };
  }
  return best && { name: best.name, params: best.params };
}
