import type { z } from 'zod';
import { routes, type PathParamNames, type RouteName } from '../routes/index.js';
import { clientConfigReply, healthReply } from './system.js';
import {
  definitionFieldParams,
  definitionIdsBody,
  definitionMatchParams,
  definitionTypeParams,
  definitionsReply,
  recentKeywordsReply,
  transactionDefinition,
  transactionSearchQuery,
  transactionSearchReply,
  transactionTypesQuery,
  transactionTypesReply,
  transactionVersionsReply,
} from './transactions.js';
import {
  citiesQuery,
  citiesReply,
  citiesReadyReply,
  countriesReply,
  datasetStatusParams,
  datasetStatusReply,
  etdListReply,
  etdRequirementQuery,
  etdRequirementReply,
  hsSearchBody,
  hsSearchReply,
  m49Reply,
  postalLookupBody,
  postalLookupReply,
  regionSearchBody,
  regionSearchReply,
  usStatesQuery,
  usStatesReply,
} from './lookups.js';
import {
  accountCheckBody,
  accountCheckReply,
  dimWeightBody,
  dimWeightReply,
  trackingNeighboursBody,
  trackingNeighboursReply,
} from './shipping.js';
import {
  webhookChannelParams,
  webhookDetail,
  webhookIdParams,
  webhookListQuery,
  webhookPage,
  webhookSchemaMap,
  webhooksDeletedReply,
} from './webhooks.js';
import {
  carrierSamplesParams,
  carrierSamplesQuery,
  carrierSamplesReply,
  openApiDiffQuery,
  openApiDiffReply,
  openApiDocParams,
  openApiDocQuery,
  openApiDocsReply,
  openApiOperationsReply,
  openApiReleaseQuery,
  openApiReleasesReply,
  openApiValidateBody,
  openApiValidateReply,
  openApiViewQuery,
  openApiWhereUsedQuery,
  openApiWhereUsedReply,
  type OpenApiOperationView,
} from './openapi.js';
import { labelCheckParams, labelCheckReply } from './labels.js';
import {
  printHistoryReply,
  printJob,
  printJobCreate,
  printJobParams,
  printJobSent,
  printJobsReply,
  printListenIdReply,
  printListenParams,
  printLogCreate,
  printLogRow,
  printRelayConfigReply,
} from './printRelay.js';
import {
  simClockAdvanceBody,
  simClockReply,
  simDeliveriesQuery,
  simDeliveriesReply,
  simEnvironmentQuery,
  simFaultBody,
  simFault,
  simFaultClearedReply,
  simFaultParams,
  simFaultsReply,
  simScenarioBody,
  simShipment,
  simShipmentParams,
  simShipmentsQuery,
  simShipmentsReply,
  simSubscribeBody,
  simSubscription,
  simSubscriptionParams,
  simSubscriptionPatch,
  simSubscriptionsReply,
  simUnsubscribeReply,
  trafficClearedReply,
  trafficQuery,
  trafficReply,
} from './simulator.js';
import {
  twinCredentialBody,
  twinCredentialIssued,
  twinCredentialParams,
  twinCredentialRevokedReply,
  twinCredentialsReply,
} from './twinCredentials.js';

export type { PathParamNames, RouteName } from '../routes/index.js';

/**
 * What the server validates (params, querystring, body) and serialises (reply: the 200 answer) on
 * one route. A route without `reply` answers something the contract does not shape (a stored
 * document as it was imported).
 */
export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  reply?: z.ZodType;
}

/** Every route of @lab/core/routes with its schemas; a name missing or unknown is a compile error. */
function withSchemas<S extends { [N in RouteName]: RouteSchemas }>(
  schemas: S & Record<Exclude<keyof S, RouteName>, never>,
): { [N in RouteName]: (typeof routes)[N] & S[N] } {
  const entries = Object.entries(routes).map(([name, route]) => [name, { ...route, ...schemas[name as RouteName] }]);
  return Object.fromEntries(entries) as { [N in RouteName]: (typeof routes)[N] & S[N] };
}

/**
 * The JSON API's route table: name → method, path (from @lab/core/routes) and schemas. The server
 * registers each route from here (registerRoute), the web calls them by name (apiCall) and its
 * test fake answers them by name, all typed from this one table.
 */
export const apiRoutes = withSchemas({
  'system.health': { reply: healthReply },
  'system.config': { reply: clientConfigReply },

  'transactions.search': { querystring: transactionSearchQuery, reply: transactionSearchReply },
  'transactions.keywords': { reply: recentKeywordsReply },
  'transactions.versions': { reply: transactionVersionsReply },
  'transactions.types': { querystring: transactionTypesQuery, reply: transactionTypesReply },
  'transactions.definition': { params: definitionFieldParams, reply: transactionDefinition },
  'transactions.match': { params: definitionMatchParams, reply: definitionsReply },
  'transactions.byIds': { params: definitionTypeParams, body: definitionIdsBody, reply: definitionsReply },

  'lookups.regions': { body: regionSearchBody, reply: regionSearchReply },
  'lookups.countries': { reply: countriesReply },
  'lookups.m49': { reply: m49Reply },
  'lookups.usStates': { querystring: usStatesQuery, reply: usStatesReply },
  'lookups.cities': { querystring: citiesQuery, reply: citiesReply },
  'lookups.citiesReady': { reply: citiesReadyReply },
  'lookups.datasetStatus': { params: datasetStatusParams, reply: datasetStatusReply },
  'lookups.etdRequirement': { querystring: etdRequirementQuery, reply: etdRequirementReply },
  'lookups.etdList': { reply: etdListReply },
  'lookups.hsSearch': { body: hsSearchBody, reply: hsSearchReply },
  'lookups.postal': { body: postalLookupBody, reply: postalLookupReply },

  'shipping.dimWeight': { body: dimWeightBody, reply: dimWeightReply },
  'shipping.trackingNeighbours': { body: trackingNeighboursBody, reply: trackingNeighboursReply },
  'shipping.accountCheck': { body: accountCheckBody, reply: accountCheckReply },

  'webhooks.schemas': { reply: webhookSchemaMap },
  'webhooks.list': { params: webhookChannelParams, querystring: webhookListQuery, reply: webhookPage },
  'webhooks.get': { params: webhookIdParams, reply: webhookDetail },
  'webhooks.delete': { params: webhookIdParams, reply: webhooksDeletedReply },
  'webhooks.deleteChannel': { params: webhookChannelParams, reply: webhooksDeletedReply },

  'openapi.documents': { reply: openApiDocsReply },
  'openapi.operations': { params: openApiDocParams, querystring: openApiReleaseQuery, reply: openApiOperationsReply },
  'openapi.view': { params: openApiDocParams, querystring: openApiViewQuery.extend(openApiReleaseQuery.shape) },
  'openapi.document': { params: openApiDocParams, querystring: openApiDocQuery },
  'openapi.releases': { params: openApiDocParams, reply: openApiReleasesReply },
  'openapi.diff': { params: openApiDocParams, querystring: openApiDiffQuery, reply: openApiDiffReply },
  'openapi.whereUsed': { params: openApiDocParams, querystring: openApiWhereUsedQuery, reply: openApiWhereUsedReply },
  'openapi.validate': { body: openApiValidateBody, reply: openApiValidateReply },
  'openapi.samples': { params: carrierSamplesParams, querystring: carrierSamplesQuery, reply: carrierSamplesReply },

  // The body is the ZPL (raw or multipart), as on the render routes: no JSON body schema.
  'labels.check': { params: labelCheckParams, reply: labelCheckReply },

  'simulator.clock': { querystring: simEnvironmentQuery, reply: simClockReply },
  'simulator.advanceClock': { body: simClockAdvanceBody, reply: simClockReply },
  'simulator.resetClock': { querystring: simEnvironmentQuery, reply: simClockReply },
  'simulator.shipments': { querystring: simShipmentsQuery, reply: simShipmentsReply },
  'simulator.setScenario': { params: simShipmentParams, body: simScenarioBody, reply: simShipment },
  'simulator.subscriptions': { reply: simSubscriptionsReply },
  'simulator.subscribe': { body: simSubscribeBody, reply: simSubscription },
  'simulator.updateSubscription': { params: simSubscriptionParams, body: simSubscriptionPatch, reply: simSubscription },
  'simulator.unsubscribe': { params: simSubscriptionParams, reply: simUnsubscribeReply },
  'simulator.deliveries': { params: simSubscriptionParams, querystring: simDeliveriesQuery, reply: simDeliveriesReply },
  'simulator.faults': { reply: simFaultsReply },
  'simulator.setFault': { params: simFaultParams, body: simFaultBody, reply: simFault },
  'simulator.clearFault': { params: simFaultParams, reply: simFaultClearedReply },
  'simulator.traffic': { querystring: trafficQuery, reply: trafficReply },
  // HAR 1.2 JSON, built from the log: no reply schema.
  'simulator.trafficHar': {},
  'simulator.clearTraffic': { reply: trafficClearedReply },
  'simulator.credentials': { reply: twinCredentialsReply },
  'simulator.issueCredential': { body: twinCredentialBody, reply: twinCredentialIssued },
  'simulator.revokeCredential': { params: twinCredentialParams, reply: twinCredentialRevokedReply },

  'printRelay.config': { reply: printRelayConfigReply },
  'printRelay.issueListenId': { reply: printListenIdReply },
  'printRelay.sendJob': { params: printListenParams, body: printJobCreate, reply: printJobSent },
  'printRelay.jobs': { params: printListenParams, reply: printJobsReply },
  'printRelay.job': { params: printJobParams, reply: printJob },
  'printRelay.logResult': { params: printListenParams, body: printLogCreate, reply: printLogRow },
  'printRelay.history': { params: printListenParams, reply: printHistoryReply },
});

export type ApiRoutes = typeof apiRoutes;

/** The route's schema under `key`, undefined when it has none. */
export type RouteSchema<N extends RouteName, K extends keyof RouteSchemas> = ApiRoutes[N] extends {
  [P in K]: infer S extends z.ZodType;
}
  ? S
  : undefined;

/** The path parameters a client gives: the params schema's input (path names as text when none). */
export type RouteParams<N extends RouteName> =
  RouteSchema<N, 'params'> extends z.ZodType
    ? z.input<RouteSchema<N, 'params'>>
    : Record<PathParamNames<ApiRoutes[N]['path']>, string>;
/** The query a client sends, undefined when the route reads none. */
export type RouteQuery<N extends RouteName> =
  RouteSchema<N, 'querystring'> extends z.ZodType ? z.input<RouteSchema<N, 'querystring'>> : undefined;
/** The JSON body a client sends, undefined when the route reads none. */
export type RouteBody<N extends RouteName> =
  RouteSchema<N, 'body'> extends z.ZodType ? z.input<RouteSchema<N, 'body'>> : undefined;
/**
 * Routes that answer JSON text they keep ready (cached, or stored as imported), which the server
 * sends as it is, without a reply schema: the type their client reads.
 */
interface TextReplies {
  'openapi.view': OpenApiOperationView;
}

/** The 200 answer as the client reads it (unknown when the contract does not shape it). */
export type RouteReply<N extends RouteName> = N extends keyof TextReplies
  ? TextReplies[N]
  : RouteSchema<N, 'reply'> extends z.ZodType
    ? z.output<RouteSchema<N, 'reply'>>
    : unknown;

/** `{ key: T }`, optional when T may be empty, absent when there is nothing to send. */
type Part<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "every field of T is optional"
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a client sends on a route: its path `params`, its `query` and its JSON `body`, each when it has one. */
export type RouteRequest<N extends RouteName> = Part<
  'params',
  [PathParamNames<ApiRoutes[N]['path']>] extends [never] ? undefined : RouteParams<N>
> &
  Part<'query', RouteQuery<N>> &
  Part<'body', RouteBody<N>>;
