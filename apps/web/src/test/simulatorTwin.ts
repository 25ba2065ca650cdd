import type {
  SimDelivery,
  SimFault,
  SimShipment,
  SimSubscription,
  TrafficEntry,
  TwinCredential,
} from '@lab/core/contract';
import { parseIsoDuration, type SimEnvironmentName } from '@lab/core/simulator';
import { clientConfig, fakeServer, type FakeRoutes } from './fakeServer';
import { stubEventSource } from './fakeEventSource';

/**
 * The carrier twin's control API as the Simulator screen's tests see it: the state of each part
 * behind the contract's routes, refusals a test sets per route, and the stand-in EventSource the
 * test pushes realtime events through.
 */

const memphis = { city: 'MEMPHIS', stateOrProvinceCode: 'TN', countryCode: 'US' };
const paris = { city: 'PARIS', stateOrProvinceCode: '', countryCode: 'FR' };

/** An international 2-piece shipment: picked up and departed are due, the rest not yet. */
export function shipment(trackingNumber: string, changes: Partial<SimShipment> = {}): SimShipment {
  const event = (at: string, eventType: string, eventDescription: string, due: boolean, location = memphis) => ({
    at,
    eventType,
    eventDescription,
    derivedStatusCode: eventType === 'DL' ? 'DL' : eventType === 'OC' ? 'IN' : 'IT',
    derivedStatus: eventType === 'DL' ? 'Delivered' : eventType === 'OC' ? 'Initiated' : 'In transit',
    location,
    due,
  });
  return {
    environment: 'sandbox',
    trackingNumber,
    pieces: [trackingNumber, '794600000002'],
    serviceType: 'INTERNATIONAL_PRIORITY',
    createdAt: '2026-11-24T08:00:00.000Z',
    shipDate: '2026-11-24',
    origin: memphis,
    destination: paris,
    international: true,
    scenario: 'NORMAL',
    cancelled: false,
    status: { code: 'IT', description: 'In transit' },
    endsAt: '2026-11-27T14:30:00.000Z',
    events: [
      event('2026-11-24T08:00:00.000Z', 'OC', 'Shipment information sent to FedEx', true),
      event('2026-11-24T17:10:00.000Z', 'PU', 'Picked up', true),
      event('2026-11-27T09:15:00.000Z', 'OD', 'On FedEx vehicle for delivery', false, paris),
      event('2026-11-27T14:30:00.000Z', 'DL', 'Delivered', false, paris),
    ],
    ...changes,
  };
}

export function subscription(id: string, changes: Partial<SimSubscription> = {}): SimSubscription {
  return {
    id,
    url: `https://hooks.example.test/${id}`,
    environment: 'sandbox',
    deliverTwice: false,
    outOfOrder: false,
    source: 'api',
    createdAt: '2026-11-24T08:00:00.000Z',
    delivered: 0,
    pending: 0,
    failed: 0,
    lastError: null,
    ...changes,
  };
}

export function trafficEntry(id: string, changes: Partial<TrafficEntry> = {}): TrafficEntry {
  return {
    id,
    startedAt: '2026-11-24T09:30:01.250Z',
    source: 'carrier-sim',
    environment: 'sandbox',
    endpointId: 'ship-create',
    method: 'POST',
    url: '/lab/sim/carrier/ship/v1/shipments',
    status: 200,
    durationMs: 12.34,
    request: {
      headers: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
      body: '{"accountNumber":{"value":"740561073"}}',
      size: 39,
      truncated: false,
    },
    response: {
      headers: { 'content-type': 'application/json' },
      body: '{"transactionId":"t-1","output":{}}',
      size: 35,
      truncated: false,
    },
    conformance: { request: { ok: true, issues: [] }, response: { ok: true, issues: [] } },
    fault: null,
    ...changes,
  };
}

export interface TwinState {
  clocks: Record<SimEnvironmentName, string>;
  factor: number;
  shipments: SimShipment[];
  subscriptions: SimSubscription[];
  deliveries: Record<string, SimDelivery[]>;
  faults: SimFault[];
  traffic: TrafficEntry[];
  credentials: TwinCredential[];
  publicBaseUrl: string | null;
  /** Answers a test forces on a route (`METHOD /path` as the route table writes it): status and message. */
  refuse: Record<string, { status: number; message: string }>;
}

/** Installs the fake server and EventSource for one test; the test changes `state` as the server would. */
export function fakeTwin(initial: Partial<TwinState> = {}) {
  const state: TwinState = {
    clocks: { sandbox: '2026-11-24T09:30:00.000Z', production: '2026-11-24T11:00:00.000Z' },
    factor: 1,
    shipments: [],
    subscriptions: [],
    deliveries: {},
    faults: [],
    traffic: [],
    credentials: [],
    publicBaseUrl: null,
    refuse: {},
    ...initial,
  };
  let ids = 100;
  const refused = (key: string) => {
    const r = state.refuse[key];
    return r ? { status: r.status, body: { message: r.message } } : undefined;
  };
  const env = (url: URL): SimEnvironmentName =>
    url.searchParams.get('environment') === 'production' ? 'production' : 'sandbox';
  const clockReply = (environment: SimEnvironmentName) => ({
    environment,
    now: state.clocks[environment],
    factor: state.factor,
  });

  const routes: FakeRoutes = {
    'GET /config': () => ({ body: clientConfig({ publicBaseUrl: state.publicBaseUrl }) }),
    'GET /simulator/clock': (_b, url) => refused('GET /simulator/clock') ?? { body: clockReply(env(url)) },
    'POST /simulator/clock': (body) => {
      const r = refused('POST /simulator/clock');
      if (r) return r;
      const environment = body.environment ?? 'sandbox';
      const from = Date.parse(state.clocks[environment]);
      let to: number;
      if (body.advance !== undefined) {
        const ms = parseIsoDuration(body.advance);
        if (ms === undefined) return { status: 400, body: { message: `not a duration: ${body.advance}` } };
        to = from + ms;
      } else {
        to = Date.parse(body.until ?? '');
        if (!(to >= from)) return { status: 400, body: { message: 'until is in the past' } };
      }
      state.clocks[environment] = new Date(to).toISOString();
      for (const s of state.shipments)
        if (s.environment === environment) for (const e of s.events) e.due = Date.parse(e.at) <= to;
      return { body: clockReply(environment) };
    },
    'DELETE /simulator/clock': (_b, url) => {
      const r = refused('DELETE /simulator/clock');
      if (r) return r;
      state.clocks[env(url)] = new Date(Date.now()).toISOString();
      return { body: clockReply(env(url)) };
    },
    'GET /simulator/shipments': (_b, url) =>
      refused('GET /simulator/shipments') ?? {
        body: { shipments: state.shipments.filter((s) => s.environment === env(url)) },
      },
    'PUT /simulator/shipments/:trackingNumber/scenario': (body, _url, { trackingNumber }) => {
      const r = refused('PUT /simulator/shipments/:trackingNumber/scenario');
      if (r) return r;
      const s = state.shipments.find((x) => x.trackingNumber === trackingNumber);
      if (!s) return { status: 404, body: { message: `no shipment ${trackingNumber}` } };
      s.scenario = body.scenario;
      return { body: s };
    },
    'GET /simulator/subscriptions': () =>
      refused('GET /simulator/subscriptions') ?? { body: { subscriptions: state.subscriptions } },
    'POST /simulator/subscriptions': (body) => {
      const r = refused('POST /simulator/subscriptions');
      if (r) return r;
      const created = subscription(`s${(ids += 1)}`, {
        url: body.url,
        environment: body.environment ?? 'sandbox',
        deliverTwice: body.deliverTwice ?? false,
        outOfOrder: body.outOfOrder ?? false,
      });
      state.subscriptions.push(created);
      return { body: created };
    },
    'PATCH /simulator/subscriptions/:id': (body, _url, { id }) => {
      const s = state.subscriptions.find((x) => x.id === id);
      if (!s) return { status: 404, body: { message: `no subscription ${id}` } };
      Object.assign(s, body);
      return { body: s };
    },
    'DELETE /simulator/subscriptions/:id': (_b, _url, { id }) => {
      const r = refused('DELETE /simulator/subscriptions/:id');
      if (r) return r;
      state.subscriptions = state.subscriptions.filter((x) => x.id !== id);
      return { body: { id } };
    },
    'GET /simulator/subscriptions/:id/deliveries': (_b, _url, { id }) => ({
      body: { deliveries: state.deliveries[id] ?? [] },
    }),
    'GET /simulator/faults': () => refused('GET /simulator/faults') ?? { body: { faults: state.faults } },
    'PUT /simulator/faults/:endpointId': (body, _url, { endpointId }) => {
      const r = refused('PUT /simulator/faults/:endpointId');
      if (r) return r;
      const fault: SimFault = {
        endpointId,
        latencyMs: body.latencyMs ?? 0,
        jitterMs: body.jitterMs ?? 0,
        status: body.status ?? null,
        rate: body.status === undefined ? 0 : (body.rate ?? 1),
        tokenExpired: body.tokenExpired ?? false,
        hang: body.hang ?? false,
        updatedAt: '2026-11-24T09:31:00.000Z',
      };
      state.faults = [...state.faults.filter((f) => f.endpointId !== endpointId), fault];
      return { body: fault };
    },
    'DELETE /simulator/faults/:endpointId': (_b, _url, { endpointId }) => {
      state.faults = state.faults.filter((f) => f.endpointId !== endpointId);
      return { body: { endpointId } };
    },
    'GET /simulator/traffic': (_b, url) =>
      refused('GET /simulator/traffic') ?? {
        body: {
          entries: state.traffic.slice(0, Number(url.searchParams.get('limit') ?? 100)),
          total: state.traffic.length,
          maxEntries: 2000,
          maxBytes: 16 * 1024 * 1024,
        },
      },
    'GET /simulator/credentials': () =>
      refused('GET /simulator/credentials') ?? { body: { credentials: state.credentials } },
    'POST /simulator/credentials': (body) => {
      const r = refused('POST /simulator/credentials');
      if (r) return r;
      const created: TwinCredential = {
        clientId: `twin_${String((ids += 1)).padStart(24, '0')}`,
        environment: body.environment ?? 'sandbox',
        name: body.name ?? '',
        createdAt: '2026-11-24T09:31:00.000Z',
        lastUsedAt: null,
      };
      state.credentials = [created, ...state.credentials];
      return { body: { ...created, clientSecret: `secret-of-${created.clientId}` } };
    },
    'DELETE /simulator/credentials/:clientId': (_b, _url, { clientId }) => {
      const r = refused('DELETE /simulator/credentials/:clientId');
      if (r) return r;
      state.credentials = state.credentials.filter((c) => c.clientId !== clientId);
      return { body: { clientId } };
    },
    'DELETE /simulator/traffic': () => {
      const deleted = state.traffic.length;
      state.traffic = [];
      return { body: { deleted } };
    },
  };
  const server = fakeServer(routes);
  const streams = stubEventSource();
  /** The page's one realtime stream. */
  const stream = () => {
    const s = streams.at(-1);
    if (!s) throw new Error('the page opened no realtime stream');
    return s;
  };
  return { state, calls: server.calls, stream };
}
