import { vi } from 'vitest';
import { transactionTypeList } from '@lab/core/transactions';
import type {
  ApiRoutes,
  ClientConfig,
  CountryOption,
  DatasetInfo,
  LookupDatasetName,
  PathParamNames,
  RouteBody,
  RouteName,
  RouteReply,
  TransactionTypesReply,
} from '@lab/core/contract';
import { matchRoute, routes as routeTable } from '@lab/core/routes';

/** A route's key in the fake: `METHOD /path` as the table writes it (`:name` for a path parameter). */
type RouteKey<N extends RouteName> = `${ApiRoutes[N]['method']} ${ApiRoutes[N]['path']}`;

/** Every JSON route below /lab/api by its key: the request body it is sent and its 200 reply (the contract's route table). */
export type ServerRoutes = {
  [N in RouteName as RouteKey<N>]: { name: N; body: RouteBody<N>; reply: RouteReply<N> };
};

/** The route's 200 reply, or any other status with any body (what the server says when it fails). */
export type Answer<Reply> = { status?: 200; body: Reply } | { status: number; body: unknown };

/**
 * Answers one request: `body` is the parsed JSON sent, `url` has the query string, `params` the
 * path parameters (decoded).
 */
export type Handler<N extends RouteName> = (
  body: RouteBody<N>,
  url: URL,
  params: Record<PathParamNames<ApiRoutes[N]['path']>, string>,
) => Answer<RouteReply<N>>;

export type FakeRoutes = { [K in keyof ServerRoutes]?: Handler<ServerRoutes[K]['name']> };

export interface FakeCall {
  method: string;
  path: string;
  /** The query string, '' when none. */
  search: string;
  body: unknown;
}

/**
 * Stands in for the server behind `fetch`: each request goes to its route of the contract's route
 * table, keyed `METHOD /path` as the table writes it (below /lab/api, `:name` for a parameter),
 * whose handler answers it. Every request is recorded in `calls`; one no route
 * answers gets a 404, so a screen calling something unexpected fails loudly, unless `elsewhere` is
 * given: it answers what the table does not (another origin such as a local print agent, the label
 * renderer's images).
 */
export function fakeServer(
  routes: FakeRoutes,
  { elsewhere }: { elsewhere?: (url: string, init?: RequestInit) => Promise<Response> } = {},
) {
  const calls: FakeCall[] = [];
  const handlers = routes as Record<string, ((body: unknown, url: URL, params: object) => Answer<unknown>) | undefined>;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/lab\/api/, '');
    const route = url.origin === 'http://localhost' ? matchRoute(method, path) : undefined;
    // The exact path first (a route without parameters is keyed by it), then the route's `:name` pattern.
    const handler = route && (handlers[`${method} ${path}`] ?? handlers[`${method} ${routeTable[route.name].path}`]);
    if (!handler && elsewhere) return elsewhere(String(input), init);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, search: url.search, body });
    const answered = handler?.(body, url, route?.params ?? {}) ?? {
      status: 404,
      body: { message: `no route ${method} ${path}` },
    };
    return new Response(JSON.stringify(answered.body), {
      status: answered.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A /config reply: the settings a screen reads, with these changed. */
export function clientConfig(changes: Partial<ClientConfig> = {}): ClientConfig {
  return {
    version: '0.1.0',
    fileShareUrl: null,
    publicBaseUrl: null,
    labelServiceUrl: '/lab/api/labels',
    user: null,
    ...changes,
  };
}

/** GET /utils/v1/datasets/:name knowing this one dataset (any other name is a 404). */
export function datasetStatus(name: LookupDatasetName, dataset: DatasetInfo): Handler<'lookups.datasetStatus'> {
  return (_body, _url, params) =>
    params.name === name
      ? { body: { name, dataset } }
      : { status: 404, body: { message: `no dataset ${params.name}` } };
}

/** Three countries for the country pickers. */
export const COUNTRIES: CountryOption[] = [
  { alpha_2: 'CN', alpha_3: 'CHN', name: "People's Republic of China", name_cn: '中国' },
  { alpha_2: 'DE', alpha_3: 'DEU', name: 'Germany', name_cn: '德国' },
  { alpha_2: 'US', alpha_3: 'USA', name: 'United States of America', name_cn: '美国' },
];

/**
 * A /transactions/types reply: every known type, with these loaded counts (and any imported ones);
 * `defined` (definitions with a length) defaults to all of them when detailed, else none.
 */
export function typesReply(
  counts: Record<string, number>,
  { detailed = true, version = 'GSMW14', defined }: { detailed?: boolean; version?: string; defined?: number } = {},
): TransactionTypesReply {
  const total = Object.values(counts).reduce((n, c) => n + c, 0);
  return {
    version,
    types: transactionTypeList(new Map(Object.entries(counts))),
    dataset: { label: null, importedAt: '2026-11-20T08:00:00.000Z' },
    detailed,
    defined: defined ?? (detailed ? total : 0),
  };
}
