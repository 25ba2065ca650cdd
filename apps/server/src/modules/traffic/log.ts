import type { FastifyInstance } from 'fastify';
import type { CarrierCall } from '@lab/core/carrier';
import type { TrafficEntry, TrafficEntrySummary } from '@lab/core/contract';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import { redactUrl } from '../../http/redact.js';
import type { ServiceContext } from '../../module.js';
import { conformanceOf } from './conformance.js';
import { recordCalls } from './hooks.js';
import { messageBytes, messageOf, rawSize, type Headers } from './message.js';
import { BoundedRing } from './ring.js';

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
  /** The newest entries first, their conformance verdicts settled. */
  list(limit: number): Promise<TrafficEntry[]>;
  /** Entries kept now. */
  size(): number;
  /** Empties the log; the number of entries removed. */
  clear(): number;
}

interface Kept {
  entry: TrafficEntry;
  /** Resolves once the entry's messages and conformance verdicts are set. */
  checked: Promise<void>;
}

/** What a kept entry counts before its messages are made: estimated from the raw sizes. */
const ENTRY_OVERHEAD_BYTES = 512;

/**
 * The traffic log: entries kept in memory (a ring bounded by TRAFFIC_MAX_ENTRIES and
 * TRAFFIC_MAX_BYTES), redacted and checked after the reply has gone, each published on the bus.
 */
export function createTrafficLog({ config, bus, log, services }: ServiceContext<'openApi'>): TrafficLog {
  const maxEntries = config.trafficMaxEntries;
  const maxBody = config.trafficMaxBodyBytes;
  const ring = new BoundedRing<Kept>(maxEntries, config.trafficMaxBytes);
  let seq = 0;

  function record(call: TrafficCall): void {
    if (maxEntries === 0) return;
    const url = redactUrl(call.url);
    const empty = { headers: {}, body: '', size: 0, truncated: false };
    const entry: TrafficEntry = {
      id: String(++seq),
      startedAt: new Date(call.startedAt).toISOString(),
      source: call.source,
      environment: call.carrier?.environment ?? null,
      endpointId: call.carrier?.endpointId ?? null,
      method: call.method,
      url,
      status: call.status,
      durationMs: Math.round(call.durationMs * 1000) / 1000,
      request: { ...empty },
      response: { ...empty },
      conformance: { request: null, response: null },
      fault: call.fault,
    };
    const kept: Kept = { entry, checked: Promise.resolve() };
    const slot = ring.push(
      kept,
      url.length +
        Math.min(rawSize(call.request.headers, call.request.body), maxBody) +
        Math.min(rawSize(call.response.headers, call.response.body), maxBody) +
        ENTRY_OVERHEAD_BYTES,
    );
    // Redaction, cutting and the conformance check run after the reply has gone (never on the
    // call's path); readers await them.
    kept.checked = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        const request = messageOf(call.request.headers, call.request.body, maxBody);
        const response = messageOf(call.response.headers, call.response.body, maxBody, call.response.value);
        const { parsed: _q, ...requestKept } = request;
        const { parsed: _r, ...responseKept } = response;
        entry.request = requestKept;
        entry.response = responseKept;
        ring.resize(slot, url.length + messageBytes(request) + messageBytes(response));
        entry.conformance = await conformanceOf(
          services.openApi,
          { method: call.method, status: call.status, endpointId: call.carrier?.endpointId },
          request,
          response,
        );
      })
      .catch((err: unknown) => log.warn({ err }, 'traffic: an entry could not be completed'));
    const summary: TrafficEntrySummary = {
      id: entry.id,
      startedAt: entry.startedAt,
      source: entry.source,
      environment: entry.environment,
      endpointId: entry.endpointId,
      method: entry.method,
      url: url.length > 1000 ? url.slice(0, 1000) : url,
      status: entry.status,
      durationMs: entry.durationMs,
      fault: entry.fault,
    };
    bus.publish(SIMULATOR_TOPICS.traffic, summary).catch((err: unknown) => {
      log.warn({ err }, 'traffic: the summary could not be published');
    });
  }

  async function list(limit: number): Promise<TrafficEntry[]> {
    const newest = ring.newest(limit);
    await Promise.all(newest.map((k) => k.checked));
    return newest.map((k) => k.entry);
  }

  return {
    enabled: maxEntries > 0,
    maxEntries,
    maxBytes: ring.maxBytes,
    instrument: (app, { source }) => {
      if (maxEntries > 0) recordCalls(app, source, record);
    },
    record,
    list,
    size: () => ring.size(),
    clear: () => ring.clear(),
  };
}
