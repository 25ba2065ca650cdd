import { vi } from 'vitest';
import { transactionTypeList } from '@lab/core/transactions';
import type {
  AccountCheckBody,
  AccountCheckReply,
  CitiesReply,
  ClientConfig,
  CountryOption,
  CountriesReply,
  DatasetStatusReply,
  DefinitionIdsBody,
  DimWeightBody,
  DimWeightReply,
  EtdListReply,
  EtdRequirementReply,
  HsSearchBody,
  HsSearchReply,
  M49Reply,
  PostalLookupBody,
  PostalLookupReply,
  RecentKeywordsReply,
  RegionSearchBody,
  RegionSearchReply,
  TrackingNeighboursBody,
  TrackingNeighboursReply,
  DefinitionsReply,
  TransactionSearchReply,
  TransactionTypesReply,
} from '@lab/core/contract';

/** A route's request body and 200 reply, as the contract declares them. */
interface Exchange<Body, Reply> {
  body: Body;
  reply: Reply;
}

/** Every JSON route the screens call (below /lab/api), keyed `METHOD /path`. */
export interface ServerRoutes {
  'GET /config': Exchange<undefined, ClientConfig>;
  'GET /utils/v1/iso3166/countries': Exchange<undefined, CountriesReply>;
  'GET /utils/v1/m49': Exchange<undefined, M49Reply>;
  'POST /utils/v1/iso3166/regions': Exchange<RegionSearchBody, RegionSearchReply>;
  'GET /utils/v1/cities': Exchange<undefined, CitiesReply>;
  'POST /utils/v1/hs-codes/search': Exchange<HsSearchBody, HsSearchReply>;
  'GET /utils/v1/etd-eci': Exchange<undefined, EtdListReply>;
  [datasetStatus: `GET /utils/v1/datasets/${string}`]: Exchange<undefined, DatasetStatusReply>;
  'GET /utils/v1/etd-eci/requirement': Exchange<undefined, EtdRequirementReply>;
  'POST /postal/lookup': Exchange<PostalLookupBody, PostalLookupReply>;
  'POST /utils/v1/dimweight': Exchange<DimWeightBody, DimWeightReply>;
  'POST /utils/v1/trackingnumber': Exchange<TrackingNeighboursBody, TrackingNeighboursReply>;
  'POST /utils/v1/ean': Exchange<AccountCheckBody, AccountCheckReply>;
  'GET /transactions/types': Exchange<undefined, TransactionTypesReply>;
  'GET /transactions/keywords': Exchange<undefined, RecentKeywordsReply>;
  'GET /transactions/search': Exchange<undefined, TransactionSearchReply>;
  [definitionIds: `POST /transactions/${string}/${string}/ids`]: Exchange<DefinitionIdsBody, DefinitionsReply>;
}

/** The route's 200 reply, or any other status with any body (what the server says when it fails). */
export type Answer<Reply> = { status?: 200; body: Reply } | { status: number; body: unknown };

/** Answers one request: `body` is the parsed JSON sent, `url` has the query string. */
export type Handler<Body, Reply> = (body: Body, url: URL) => Answer<Reply>;

export type FakeRoutes = { [K in keyof ServerRoutes]?: Handler<ServerRoutes[K]['body'], ServerRoutes[K]['reply']> };

export interface FakeCall {
  method: string;
  path: string;
  /** The query string, '' when none. */
  search: string;
  body: unknown;
}

/**
 * Stands in for the server behind `fetch`: each request goes to the route `METHOD /path` (the path
 * below /lab/api), whose handler answers it. Every request is recorded in `calls`; one no route
 * answers gets a 404, so a screen calling something unexpected fails loudly.
 */
export function fakeServer(routes: FakeRoutes) {
  const calls: FakeCall[] = [];
  const handlers = routes as Record<string, Handler<unknown, unknown> | undefined>;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/lab\/api/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, search: url.search, body });
    const answer = handlers[`${method} ${path}`]?.(body, url) ?? {
      status: 404,
      body: { message: `no route ${method} ${path}` },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Three countries for the country pickers. */
export const COUNTRIES: CountryOption[] = [
  { alpha_2: 'CN', alpha_3: 'CHN', name: "People's Republic of China", name_cn: '中国' },
  { alpha_2: 'DE', alpha_3: 'DEU', name: 'Germany', name_cn: '德国' },
  { alpha_2: 'US', alpha_3: 'USA', name: 'United States of America', name_cn: '美国' },
];

/** A /transactions/types reply: every known type, with these loaded counts (and any imported ones). */
export function typesReply(
  counts: Record<string, number>,
  { detailed = true, version = 'GSMW14' }: { detailed?: boolean; version?: string } = {},
): TransactionTypesReply {
  return {
    version,
    types: transactionTypeList(new Map(Object.entries(counts))),
    dataset: { label: null, importedAt: '2026-11-20T08:00:00.000Z' },
    detailed,
  };
}
