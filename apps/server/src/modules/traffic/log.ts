import type { FastifyInstance } from 'fastify';
import type { CarrierCall } from '@lab/core/carrier';
import type { TrafficEntry, TrafficEntrySummary } from '@lab/core/contract';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import { redactUrl } from '../../http/redact.js';
import type { ServiceContext } from '../../module.js';
import { conformanceOf } from './conformance.js';
import { recordCalls } from './hooks.js';
import { messageBytes, messageOf, type Headers } from './message.js';
import { TrafficStore } from './store.js';

export type TrafficSource = TrafficEntry['source'];

/** One call as its recorder saw it, before it is redacted and cut for the log. */
export interface TrafficCall {
  source: TrafficSource;
  /** Real epoch ms when the call started. */
  startedAt: number;
  durationMs: number;
  method: string;
  /** Path and query as called (absolute URL for a gateway call to a real upstream). */
  url: string;
  /** 0 when no reply was sent (the caller hung up, or a hang fault). */
  status: number;
  /** Bodies: raw bytes, text, or the parsed value a handler sent. */
  request: { headers: Headers; body: unknown };
  /** `value`: the value the handler sent, when `body` is its serialization (saves parsing it again). */
  response: { headers: Headers; body: unknown; value?: unknown };
  fault: string | null;
  /**
   * Which carrier call it is, when it is one (`carrierCallOf`): the entry's environment and
   * endpoint, and the OpenAPI operation its conformance is checked against.
   */
  carrier?: CarrierCall;
}

/** The `traffic` service (LabServices['traffic']). */
export interface TrafficLog {
  /** False when TRAFFIC_MAX_ENTRIES is 0: nothing is recorded, instrument adds no hooks. */
  readonly enabled: boolean;
  readonly maxEntries: number;
  readonly maxBytes: number;
  /** Records every call of `app`'s scope (a simulator's `sim` plugin) with Fastify hooks. */
  instrument(app: FastifyInstance, options: { source: Exclude<TrafficSource, 'gateway'> }): void;
  /** Records one call (the gateway, for real upstreams). */
  record(call: TrafficCall): void;
  /** The newest entries first (this process's recorded calls stored first). */
  list(limit: number): Promise<TrafficEntry[]>;
  /** Entries kept now. */
  size(): Promise<number>;
  /** Empties the log (of every instance); the number of entries removed. */
  clear(): Promise<number>;
  /** With the app: waits for the calls recorded so far to be stored. */
  close(): Promise<void>;
}

/**
 * The traffic log, in the database (store.ts: bounded by TRAFFIC_MAX_ENTRIES and
 * TRAFFIC_MAX_BYTES, shared by every instance on it). A call is redacted, cut and checked after
 * its reply has gone (never on the call's path), stored in the order this process recorded it, and
 * its summary published on the bus once stored, so a reader hearing it finds the entry through
 * any instance.
 */
export function createTrafficLog({ config, db, bus, log, services }: ServiceContext<'openApi'>): TrafficLog {
  const maxEntries = config.trafficMaxEntries;
  const maxBody = config.trafficMaxBodyBytes;
  const store = new TrafficStore(db.kysely, maxEntries, config.trafficMaxBytes);
  /** The last store of this process: stores go one after another, readers wait for it. */
  let stored: Promise<void> = Promise.resolve();

  async function complete(call: TrafficCall): Promise<{ entry: Omit<TrafficEntry, 'id'>; bytes: number }> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const url = redactUrl(call.url);
    const request = messageOf(call.request.headers, call.request.body, maxBody);
    const response = messageOf(call.response.headers, call.response.body, maxBody, call.response.value);
    const { parsed: _q, ...requestKept } = request;
    const { parsed: _r, ...responseKept } = response;
    const conformance = await conformanceOf(
      services.openApi,
      { method: call.method, status: call.status, endpointId: call.carrier?.endpointId },
      request,
      response,
    );
    const entry: Omit<TrafficEntry, 'id'> = {
      startedAt: new Date(call.startedAt).toISOString(),
      source: call.source,
      environment: call.carrier?.environment ?? null,
      endpointId: call.carrier?.endpointId ?? null,
      method: call.method,
      url,
      status: call.status,
      durationMs: Math.round(call.durationMs * 1000) / 1000,
      request: requestKept,
      response: responseKept,
      conformance,
      fault: call.fault,
    };
    return { entry, bytes: url.length + messageBytes(request) + messageBytes(response) };
  }

  function record(call: TrafficCall): void {
    if (maxEntries === 0) return;
    const completed = complete(call);
    stored = stored
      .then(async () => {
        const { entry, bytes } = await completed;
        const id = await store.add(entry, bytes);
        const summary: TrafficEntrySummary = {
          id,
          startedAt: entry.startedAt,
          source: entry.source,
          environment: entry.environment,
          endpointId: entry.endpointId,
          method: entry.method,
          url: entry.url.length > 1000 ? entry.url.slice(0, 1000) : entry.url,
          status: entry.status,
          durationMs: entry.durationMs,
          fault: entry.fault,
        };
        bus.publish(SIMULATOR_TOPICS.traffic, summary).catch((err: unknown) => {
          log.warn({ err }, 'traffic: the summary could not be published');
        });
      })
      .catch((err: unknown) => log.warn({ err }, 'traffic: an entry could not be stored'));
  }

  return {
    enabled: maxEntries > 0,
    maxEntries,
    maxBytes: store.maxBytes,
    instrument: (app, { source }) => {
      if (maxEntries > 0) recordCalls(app, source, record);
    },
    record,
    list: async (limit) => {
      await stored;
      return store.newest(limit);
    },
    size: async () => {
      await stored;
      return store.size();
    },
    clear: async () => {
      await stored;
      return store.clear();
    },
    close: () => stored,
  };
}
