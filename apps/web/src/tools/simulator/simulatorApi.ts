import { queryOptions } from '@tanstack/react-query';
import type { SimFaultBody, SimSubscribeBody } from '@lab/core/contract';
import type { SimEnvironmentName, SimScenario } from '@lab/core/simulator';
import { apiCall, apiUrl } from '@/lib/api';
import { twinClockQuery } from '@/lib/sampleDay';
import { routes } from '@lab/core/routes';

/** Shipments the screen lists (newest first). */
export const SHIPMENTS_LIMIT = 50;
/** Traffic entries the screen lists (newest first). */
export const TRAFFIC_LIMIT = 100;
/** Deliveries the drawer lists (newest first). */
export const DELIVERIES_LIMIT = 100;

/** The Simulator's reads: their query keys live here and nowhere else (all under `['simulator']`). */
export const simulatorQueries = {
  /** The twin's clock (its query lives in @/lib/sampleDay: the playground dates its samples from it). */
  clock: (environment: SimEnvironmentName) => twinClockQuery(environment),
  shipments: (environment: SimEnvironmentName) =>
    queryOptions({
      queryKey: ['simulator', 'shipments', environment],
      queryFn: () => apiCall('simulator.shipments', { query: { environment, limit: SHIPMENTS_LIMIT } }),
    }),
  subscriptions: queryOptions({
    queryKey: ['simulator', 'subscriptions'],
    queryFn: () => apiCall('simulator.subscriptions'),
  }),
  deliveries: (id: string) =>
    queryOptions({
      queryKey: ['simulator', 'deliveries', id],
      queryFn: () => apiCall('simulator.deliveries', { params: { id }, query: { limit: DELIVERIES_LIMIT } }),
    }),
  faults: queryOptions({
    queryKey: ['simulator', 'faults'],
    queryFn: () => apiCall('simulator.faults'),
  }),
  traffic: queryOptions({
    queryKey: ['simulator', 'traffic'],
    queryFn: () => apiCall('simulator.traffic', { query: { limit: TRAFFIC_LIMIT } }),
  }),
};

/** The Simulator's actions (each through useServerAction on the screen). */
export const simulatorActions = {
  advance: (environment: SimEnvironmentName, advance: string) =>
    apiCall('simulator.advanceClock', { body: { advance, environment } }),
  advanceUntil: (environment: SimEnvironmentName, until: string) =>
    apiCall('simulator.advanceClock', { body: { until, environment } }),
  resetClock: (environment: SimEnvironmentName) => apiCall('simulator.resetClock', { query: { environment } }),
  setScenario: (trackingNumber: string, scenario: SimScenario) =>
    apiCall('simulator.setScenario', { params: { trackingNumber }, body: { scenario } }),
  subscribe: (body: SimSubscribeBody) => apiCall('simulator.subscribe', { body }),
  updateSubscription: (id: string, body: { deliverTwice?: boolean; outOfOrder?: boolean }) =>
    apiCall('simulator.updateSubscription', { params: { id }, body }),
  unsubscribe: (id: string) => apiCall('simulator.unsubscribe', { params: { id } }),
  setFault: (endpointId: string, body: SimFaultBody) => apiCall('simulator.setFault', { params: { endpointId }, body }),
  clearFault: (endpointId: string) => apiCall('simulator.clearFault', { params: { endpointId } }),
  clearTraffic: () => apiCall('simulator.clearTraffic'),
};

/** The HAR 1.2 export of the traffic log (a plain link: the browser downloads it). */
export const TRAFFIC_HAR_URL = apiUrl(routes['simulator.trafficHar'].path);
