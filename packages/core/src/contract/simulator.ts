import { z } from 'zod';
import { CARRIER_ENVIRONMENTS } from '../carrier/environments.js';
import { FAULT_STATUSES, SIM_SCENARIOS } from '../simulator/index.js';

/**
 * The Simulator's control API under /lab/api/simulator: the simulated clock, the twin's shipments
 * and their scenarios, webhook subscriptions and their deliveries, faults and the traffic log.
 */

export const simEnvironment = z.enum(CARRIER_ENVIRONMENTS);
export const simScenario = z.enum(SIM_SCENARIOS);

/** `?environment=` (sandbox when absent). */
export const simEnvironmentQuery = z.object({ environment: simEnvironment.default('sandbox') });

/** GET/POST/DELETE /simulator/clock (DELETE: back to real time) */
export const simClockReply = z.object({
  environment: simEnvironment,
  /** The simulated now, ISO-8601 UTC with milliseconds. */
  now: z.string(),
  /** Simulated seconds per real second (SIM_TIME_FACTOR). */
  factor: z.number(),
});
export type SimClockReply = z.output<typeof simClockReply>;

/**
 * POST /simulator/clock — move the clock forward by an ISO-8601 duration (`P2DT6H`), or to an
 * instant (`until`, not before now). Never back: a malformed or negative duration, or an instant
 * in the past, is a 400; so is a move past SIM_CLOCK_HORIZON_DAYS after real time, or an impossible date.
 */
export const simClockAdvanceBody = z
  .object({
    advance: z.string().optional(),
    until: z.string().optional(),
    environment: simEnvironment.default('sandbox'),
  })
  .refine((b) => (b.advance === undefined) !== (b.until === undefined), {
    message: 'give either advance (an ISO-8601 duration) or until (an ISO-8601 instant)',
  });
export type SimClockAdvanceBody = z.input<typeof simClockAdvanceBody>;

const simPlace = z.object({ city: z.string(), stateOrProvinceCode: z.string(), countryCode: z.string() });

/** One scan event of a shipment's plan; `due` when the clock has reached it (tracking shows only those). */
export const simShipmentEvent = z.object({
  /** ISO-8601 UTC. */
  at: z.string(),
  eventType: z.string(),
  eventDescription: z.string(),
  derivedStatusCode: z.string(),
  derivedStatus: z.string(),
  location: simPlace,
  due: z.boolean(),
});

export const simShipment = z.object({
  environment: simEnvironment,
  /** The master tracking number. */
  trackingNumber: z.string(),
  /** Every piece's tracking number, master first. */
  pieces: z.array(z.string()),
  serviceType: z.string(),
  /** ISO-8601 UTC (simulated). */
  createdAt: z.string(),
  shipDate: z.string(),
  origin: simPlace,
  destination: simPlace,
  international: z.boolean(),
  scenario: simScenario,
  cancelled: z.boolean(),
  /** The latest due event's derived status. */
  status: z.object({ code: z.string(), description: z.string() }),
  /** When the plan's last event falls due (the delivery, or the scenario's end), ISO-8601 UTC. */
  endsAt: z.string(),
  events: z.array(simShipmentEvent),
});
export type SimShipment = z.output<typeof simShipment>;

/** GET /simulator/shipments?environment=&limit= — newest first. */
export const simShipmentsQuery = z.object({
  environment: simEnvironment.default('sandbox'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const simShipmentsReply = z.object({ shipments: z.array(simShipment) });
export type SimShipmentsReply = z.output<typeof simShipmentsReply>;

export const simShipmentParams = z.object({ trackingNumber: z.string().regex(/^\d{12,34}$/, 'not a tracking number') });
/** PUT /simulator/shipments/:trackingNumber/scenario — replans the events not yet due. */
export const simScenarioBody = z.object({ scenario: simScenario });

/** A webhook subscription: every scan event of every shipment of its environment, signed with its token. */
export const simSubscription = z.object({
  id: z.string(),
  url: z.string(),
  environment: simEnvironment,
  /** Each event is delivered twice (idempotency tests). */
  deliverTwice: z.boolean(),
  /** Events released together are delivered in reverse order (ordering tests). */
  outOfOrder: z.boolean(),
  /** `settings` for the default one from SIM_WEBHOOK_URL / SIM_WEBHOOK_TOKEN (not deletable). */
  source: z.enum(['api', 'settings']),
  createdAt: z.string(),
  delivered: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  lastError: z.string().nullable(),
});
export type SimSubscription = z.output<typeof simSubscription>;

/** POST /simulator/subscriptions — 201 with the subscription (the token is never answered back). */
export const simSubscribeBody = z.object({
  url: z
    .string()
    .trim()
    .superRefine((url, ctx) => {
      if (/^https?:\/\/[^\s/?#]*@/i.test(url)) {
        ctx.addIssue({
          code: 'custom',
          message:
            'the url must not hold credentials (user:password@): the receiver checks the signature made with the token',
        });
      } else if (!/^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(url)) {
        ctx.addIssue({ code: 'custom', message: 'the url must be an http(s) URL' });
      }
    }),
  token: z.string().min(1, 'the security token is required').max(200),
  environment: simEnvironment.default('sandbox'),
  deliverTwice: z.boolean().default(false),
  outOfOrder: z.boolean().default(false),
});
export type SimSubscribeBody = z.input<typeof simSubscribeBody>;
export const simSubscriptionParams = z.object({ id: z.string().min(1).max(64) });
/** PATCH /simulator/subscriptions/:id */
export const simSubscriptionPatch = z.object({
  deliverTwice: z.boolean().optional(),
  outOfOrder: z.boolean().optional(),
});
export const simSubscriptionsReply = z.object({ subscriptions: z.array(simSubscription) });
export const simUnsubscribeReply = z.object({ id: z.string() });

export const simDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  trackingNumber: z.string(),
  eventType: z.string(),
  /** When the event happened, simulated ISO-8601 UTC. */
  occurredAt: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** Real time, ISO-8601 UTC. */
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type SimDelivery = z.output<typeof simDelivery>;
export const simDeliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });
export const simDeliveriesReply = z.object({ deliveries: z.array(simDelivery) });

/** A fault on one endpoint (a catalogue id, or `oauth-token`), in both environments. */
export const simFault = z.object({
  endpointId: z.string(),
  /** Added before answering: latencyMs + a uniform 0..jitterMs. */
  latencyMs: z.number().int(),
  jitterMs: z.number().int(),
  /** The error status answered for `rate` of the calls, in the carrier's error shape; null = none. */
  status: z.union(FAULT_STATUSES.map((s) => z.literal(s))).nullable(),
  rate: z.number(),
  /** 401 NOT.AUTHORIZED (token expired) for every call until a new token is issued after the fault was set. */
  tokenExpired: z.boolean(),
  /** Never answers: the connection is held past the gateway's timeout. */
  hang: z.boolean(),
  updatedAt: z.string(),
});
export type SimFault = z.output<typeof simFault>;
export const simFaultParams = z.object({ endpointId: z.string().regex(/^[a-z0-9-]{1,64}$/, 'not an endpoint id') });
/** PUT /simulator/faults/:endpointId — `rate` defaults to 1 when a status is given. */
export const simFaultBody = z.object({
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  jitterMs: z.number().int().min(0).max(60_000).optional(),
  status: z.union(FAULT_STATUSES.map((s) => z.literal(s))).optional(),
  rate: z.number().min(0).max(1).optional(),
  tokenExpired: z.boolean().optional(),
  hang: z.boolean().optional(),
});
export type SimFaultBody = z.input<typeof simFaultBody>;
export const simFaultsReply = z.object({ faults: z.array(simFault) });
export const simFaultClearedReply = z.object({ endpointId: z.string() });

/** The schema rule an issue breaks (`@lab/core/json` SchemaRule): the screen words it in the reader's language. */
export const schemaRule = z.object({ keyword: z.string(), params: z.record(z.string(), z.string()) });
/**
 * One place where a message does not conform to the OpenAPI document: `message` in English, `rule`
 * what the screen translates (absent on entries recorded before it was kept).
 */
export const conformanceIssue = z.object({ path: z.string(), message: z.string(), rule: schemaRule.optional() });
/** null when no document operation covers the call. */
export const conformanceVerdict = z.object({ ok: z.boolean(), issues: z.array(conformanceIssue) }).nullable();

const trafficMessage = z.object({
  headers: z.record(z.string(), z.string()),
  /** The body as text (secrets redacted), cut at the log's per-body limit. */
  body: z.string(),
  size: z.number().int(),
  truncated: z.boolean(),
});

export const trafficEntry = z.object({
  id: z.string(),
  /** Real time, ISO-8601 UTC. */
  startedAt: z.string(),
  /** Which side recorded it. */
  source: z.enum(['carrier-sim', 'stratus-sim', 'gateway']),
  environment: z.string().nullable(),
  /** The catalogue endpoint id, when the call is one. */
  endpointId: z.string().nullable(),
  method: z.string(),
  /** Path and query as called. */
  url: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
  request: trafficMessage,
  response: trafficMessage,
  conformance: z.object({ request: conformanceVerdict, response: conformanceVerdict }),
  /** The fault injected into this call, if any (e.g. `status=503`, `latency=800`). */
  fault: z.string().nullable(),
});
export type TrafficEntry = z.output<typeof trafficEntry>;
/** What SIMULATOR_TOPICS.traffic carries for each recorded call (the screen fetches the entry itself). */
export const trafficEntrySummary = trafficEntry.pick({
  id: true,
  startedAt: true,
  source: true,
  environment: true,
  endpointId: true,
  method: true,
  url: true,
  status: true,
  durationMs: true,
  fault: true,
});
export type TrafficEntrySummary = z.output<typeof trafficEntrySummary>;
export const trafficQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) });
/** GET /simulator/traffic — newest first. */
export const trafficReply = z.object({
  entries: z.array(trafficEntry),
  /** Entries kept now, and the log's bounds. */
  total: z.number().int(),
  maxEntries: z.number().int(),
  maxBytes: z.number().int(),
});
export type TrafficReply = z.output<typeof trafficReply>;
export const trafficClearedReply = z.object({ deleted: z.number().int() });
