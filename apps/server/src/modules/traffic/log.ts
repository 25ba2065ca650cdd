import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CARRIER_TOKEN_PATH, findEndpoint, type CarrierHost } from '@lab/core/carrier';
import type { TrafficEntry, TrafficEntrySummary } from '@lab/core/contract';
import { SIM_FAULT_HEADER, SIMULATOR_TOPICS, TOKEN_ENDPOINT_ID } from '@lab/core/simulator';
import { INTERNAL_CALL_HEADER } from '../../http/auth.js';
import { SIM_PREFIX } from '../../http/web.js';
import { redactSecrets, redactUrl, SECRET_NAME } from '../../logger.js';
import type { LabServices, ServiceContext } from '../../module.js';

export type TrafficSource = TrafficEntry['source'];
type Verdict = TrafficEntry['conformance']['request'];
type Headers = Record<string, string | string[] | number | undefined>;

/** One call as its recorder saw it, before it is redacted and cut for the log. */
export interface TrafficCall {
  source: TrafficSource;
  /** Real epoch ms when the call started. */
  startedAt: number;
  durationMs: number;
  environment: string | null;
  endpointId: string | null;
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
  /** The carrier path (no query) the call's OpenAPI operation is found by, when it is a carrier call. */
  carrierPath?: string;
  carrierHost?: CarrierHost;
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
  /** Counted against TRAFFIC_MAX_BYTES: estimated from the raw sizes, then the kept messages' own. */
  bytes: number;
  /** False once evicted or cleared. */
  alive: boolean;
  /** Resolves once the conformance verdicts are set on the entry. */
  checked: Promise<void>;
}

/** The content type of a header set, lower case, without parameters. */
function mimeOf(headers: Headers): string {
  const raw = headers['content-type'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return typeof value === 'string' ? value.split(';')[0]!.trim().toLowerCase() : '';
}

const isText = (mime: string) =>
  mime === '' ||
  mime.startsWith('text/') ||
  mime.includes('json') ||
  mime.includes('xml') ||
  mime === 'application/x-www-form-urlencoded' ||
  mime === 'application/javascript';

/** Header values as single strings, the site's internal call key dropped, secrets redacted as in the logs. */
function cleanHeaders(headers: Headers): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === INTERNAL_CALL_HEADER) continue;
    flat[lower] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return redactSecrets(flat) as Record<string, string>;
}

/** A form body with secret-named fields redacted as the logger does. */
function redactForm(text: string): string {
  const redacted = redactSecrets(Object.fromEntries(new URLSearchParams(text))) as Record<string, string>;
  return Object.entries(redacted)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v === '[redacted]' ? v : encodeURIComponent(v)}`)
    .join('&');
}

/**
 * Whether redactSecrets would change a parsed value: a secret-named field with a value, or a
 * string that may hold JSON. Most bodies have neither, and are kept as sent without a copy.
 */
function needsRedaction(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return /^\s*[[{]/.test(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > 64) return true;
  if (Array.isArray(value)) {
    for (const v of value) if (needsRedaction(v, depth + 1)) return true;
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const k in record) {
    if (!Object.hasOwn(record, k)) continue;
    const v = record[k];
    if (SECRET_NAME.test(k) && v !== null && v !== undefined && v !== '') return true;
    if (needsRedaction(v, depth + 1)) return true;
  }
  return false;
}

/** A parsed JSON value as the log's text: as sent when nothing in it is secret, else redacted. */
export const jsonText = (value: unknown, sent?: string): string =>
  needsRedaction(value) ? JSON.stringify(redactSecrets(value)) : (sent ?? JSON.stringify(value) ?? '');

interface Message {
  headers: Record<string, string>;
  body: string;
  size: number;
  truncated: boolean;
  /** The parsed JSON body as sent (unredacted), for the conformance check; dropped once checked. */
  parsed?: unknown;
}

/** A message as the log keeps it: headers and body redacted, the body cut at `maxBody` bytes. */
function messageOf(rawHeaders: Headers, body: unknown, maxBody: number, value?: unknown): Message {
  const headers = cleanHeaders(rawHeaders);
  const mime = mimeOf(rawHeaders);
  let text = '';
  let size = 0;
  let parsed: unknown;
  if (body === undefined || body === null) {
    // nothing sent
  } else if (Buffer.isBuffer(body) || typeof body === 'string') {
    size = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    if (!isText(mime)) text = `[${size} bytes of ${mime}]`;
    else {
      const raw = typeof body === 'string' ? body : body.toString('utf8');
      if (mime === 'application/x-www-form-urlencoded') text = redactForm(raw);
      else if (value !== undefined && typeof value === 'object' && value !== null) {
        parsed = value;
        text = jsonText(value, raw);
      } else if (/^\s*[[{]/.test(raw)) {
        try {
          parsed = JSON.parse(raw);
          text = jsonText(parsed, raw);
        } catch {
          text = raw;
        }
      } else text = raw;
    }
  } else if (typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function') {
    text = '[streamed body, not recorded]';
  } else {
    // A value a handler sent (parsed JSON, or a parsed form).
    parsed = body;
    if (mime === 'application/x-www-form-urlencoded' && typeof body === 'object') {
      text = redactForm(new URLSearchParams(body as Record<string, string>).toString());
      parsed = undefined;
    } else text = jsonText(body);
    const declared = Number(rawHeaders['content-length']);
    size = Number.isFinite(declared) && declared >= 0 ? declared : Buffer.byteLength(text);
  }
  let truncated = false;
  if (Buffer.byteLength(text) > maxBody) {
    text = Buffer.from(text).subarray(0, maxBody).toString('utf8');
    truncated = true;
  }
  return { headers, body: text, size, truncated, ...(parsed !== undefined ? { parsed } : {}) };
}

const headerBytes = (h: Record<string, string>) => {
  let n = 0;
  for (const k in h) n += k.length + h[k]!.length + 4;
  return n;
};

/** A JSON path people read, from an Ajv instance path (`/a/0/b` + `c` → `a[0].b.c`). */
function jsonPath(instancePath: string, child?: string): string {
  const keys = instancePath === '' ? [] : instancePath.slice(1).split('/');
  if (child !== undefined) keys.push(child);
  return (
    keys
      .map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((acc, k) => (/^\d+$/.test(k) ? `${acc}[${k}]` : acc ? `${acc}.${k}` : k), '') || '$'
  );
}

/** The catalogue endpoint id of a carrier call (`oauth-token` for the token path), or null. */
export function carrierEndpointId(method: string, path: string, host?: CarrierHost): string | null {
  if (method === 'POST' && path === CARRIER_TOKEN_PATH && host !== 'documents') return TOKEN_ENDPOINT_ID;
  return findEndpoint(method, path, host)?.id ?? null;
}

/** The environment, host and carrier path of a call to the carrier simulator (below /lab/sim). */
export function carrierSimCall(
  url: string,
): { environment: 'sandbox' | 'production'; host: CarrierHost; path: string } | undefined {
  const pathname = url.split('?')[0] ?? '';
  const m = /^\/(carrier-documents|carrier)(\/.*)?$/.exec(pathname.slice(SIM_PREFIX.length));
  if (!pathname.startsWith(`${SIM_PREFIX}/`) || !m) return undefined;
  const path = m[2] ?? '';
  const production = path === '/production' || path.startsWith('/production/');
  return {
    environment: production ? 'production' : 'sandbox',
    host: m[1] === 'carrier' ? 'api' : 'documents',
    path: production ? path.slice('/production'.length) : path,
  };
}

/** A body's size before it is kept (for the byte bound until the kept message is made). */
function rawSize(headers: Headers, body: unknown): number {
  if (typeof body === 'string') return body.length;
  if (Buffer.isBuffer(body)) return body.byteLength;
  const declared = Number(headers['content-length']);
  return Number.isFinite(declared) && declared > 0 ? declared : 0;
}

interface Pending {
  t0: number;
  startedAt: number;
  replyBody?: unknown;
  replyValue?: unknown;
  done?: true;
}

export function createTrafficLog({ config, bus, log, services }: ServiceContext<'openApi'>): TrafficLog {
  const maxEntries = config.trafficMaxEntries;
  const maxBytes = config.trafficMaxBytes;
  const maxBody = config.trafficMaxBodyBytes;
  const openApi = (): LabServices['openApi'] => services.openApi;
  const kept: Kept[] = [];
  let head = 0; // index of the oldest kept entry
  let bytes = 0;
  let seq = 0;

  const live = () => kept.length - head;

  function evict() {
    while (live() > 0 && (live() > maxEntries || bytes > maxBytes)) {
      bytes -= kept[head]!.bytes;
      kept[head]!.alive = false;
      kept[head] = undefined as never;
      head++;
    }
    if (head > 1024 && head * 2 > kept.length) {
      kept.splice(0, head);
      head = 0;
    }
  }

  /** The conformance verdicts of a carrier call against its imported OpenAPI operation. */
  async function conformance(
    call: TrafficCall,
    request: Message,
    response: Message,
  ): Promise<{ request: Verdict; response: Verdict }> {
    const none = { request: null, response: null };
    if (call.carrierPath === undefined) return none;
    const endpoint = findEndpoint(call.method, call.carrierPath, call.carrierHost);
    const ref = endpoint?.operation;
    if (!ref) return none;
    const { store, checkerFor } = openApi();
    const found = await store.getOperation(ref.document, ref.method, ref.path);
    if (!found) return none;
    const checker = checkerFor(found.document, found.operation);
    let requestVerdict: Verdict = null;
    if (call.method !== 'GET') {
      if (request.truncated || (request.parsed === undefined && request.body !== '')) {
        requestVerdict = null;
      } else {
        const { errors } = checker.check(request.parsed ?? {});
        const issues = errors.map((e) => ({
          path: e.parameterList?.find((p) => p.key === 'path')?.value ?? '$',
          message: e.message,
        }));
        requestVerdict = { ok: issues.length === 0, issues };
      }
    }
    let responseVerdict: Verdict = null;
    const validate = call.status > 0 ? checker.response(call.status) : undefined;
    if (validate && response.parsed !== undefined) {
      const ok = validate(response.parsed);
      const issues = ok
        ? []
        : (validate.errors ?? [])
            .filter((e) => !['oneOf', 'anyOf', 'if'].includes(e.keyword))
            .map((e) => {
              const missing = e.keyword === 'required' ? String(e.params.missingProperty) : undefined;
              const path = jsonPath(e.instancePath, missing);
              return { path, message: missing ? `${path} is required` : `${path} ${e.message ?? 'is invalid'}` };
            });
      responseVerdict = { ok, issues };
    }
    return { request: requestVerdict, response: responseVerdict };
  }

  function record(call: TrafficCall): void {
    if (maxEntries === 0) return;
    const url = redactUrl(call.url);
    const empty = { headers: {}, body: '', size: 0, truncated: false };
    const entry: TrafficEntry = {
      id: String(++seq),
      startedAt: new Date(call.startedAt).toISOString(),
      source: call.source,
      environment: call.environment,
      endpointId: call.endpointId,
      method: call.method,
      url,
      status: call.status,
      durationMs: Math.round(call.durationMs * 1000) / 1000,
      request: { ...empty },
      response: { ...empty },
      conformance: { request: null, response: null },
      fault: call.fault,
    };
    const k: Kept = {
      entry,
      bytes:
        url.length +
        Math.min(rawSize(call.request.headers, call.request.body), maxBody) +
        Math.min(rawSize(call.response.headers, call.response.body), maxBody) +
        512,
      alive: true,
      checked: Promise.resolve(),
    };
    // Redaction, cutting and the conformance check run after the reply has gone (never on the
    // call's path); readers await them.
    k.checked = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        const request = messageOf(call.request.headers, call.request.body, maxBody);
        const response = messageOf(call.response.headers, call.response.body, maxBody, call.response.value);
        const { parsed: _q, ...requestKept } = request;
        const { parsed: _r, ...responseKept } = response;
        entry.request = requestKept;
        entry.response = responseKept;
        if (k.alive) {
          const actual =
            url.length +
            request.body.length +
            response.body.length +
            headerBytes(request.headers) +
            headerBytes(response.headers);
          bytes += actual - k.bytes;
          k.bytes = actual;
          evict();
        }
        entry.conformance = await conformance(call, request, response);
      })
      .catch((err: unknown) => log.warn({ err }, 'traffic: an entry could not be completed'));
    kept.push(k);
    bytes += k.bytes;
    evict();
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

  function instrument(app: FastifyInstance, { source }: { source: Exclude<TrafficSource, 'gateway'> }): void {
    if (maxEntries === 0) return;
    const pending = new WeakMap<FastifyRequest, Pending>();

    const finish = (request: FastifyRequest, reply: FastifyReply, p: Pending, answered: boolean) => {
      if (p.done) return;
      p.done = true;
      const carrier = source === 'carrier-sim' ? carrierSimCall(request.url) : undefined;
      const fault = reply.getHeader(SIM_FAULT_HEADER);
      record({
        source,
        startedAt: p.startedAt,
        durationMs: performance.now() - p.t0,
        environment: carrier?.environment ?? null,
        endpointId: carrier ? carrierEndpointId(request.method, carrier.path, carrier.host) : null,
        method: request.method,
        url: request.url,
        status: answered ? reply.statusCode : 0,
        request: { headers: request.headers, body: request.body },
        response: answered
          ? {
              headers: reply.getHeaders() as Headers,
              body: p.replyBody,
              // A route with a response schema serializes only what it names: then the text sent is read.
              ...(request.routeOptions.schema?.response ? {} : { value: p.replyValue }),
            }
          : { headers: {}, body: undefined },
        fault: typeof fault === 'string' ? fault : null,
        ...(carrier ? { carrierPath: carrier.path, carrierHost: carrier.host } : {}),
      });
    };

    app.addHook('onRequest', async (request, reply) => {
      const p: Pending = { t0: performance.now(), startedAt: Date.now() };
      pending.set(request, p);
      // A call that never gets its reply written (the caller hung up, a hang fault) is recorded when it closes.
      // (Once a reply has begun, onResponse records it.)
      reply.raw.once('close', () => {
        if (!reply.raw.headersSent) finish(request, reply, p, false);
      });
    });
    app.addHook('preSerialization', async (request, _reply, payload) => {
      const p = pending.get(request);
      if (p) p.replyValue = payload;
      return payload;
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      const p = pending.get(request);
      // A compressed reply is a stream: the value serialized before it (preSerialization) stands for it.
      if (p)
        p.replyBody = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : (p.replyValue ?? payload);
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      const p = pending.get(request);
      if (p) finish(request, reply, p, true);
    });
  }

  async function list(limit: number): Promise<TrafficEntry[]> {
    const out: Kept[] = [];
    for (let i = kept.length - 1; i >= head && out.length < limit; i--) out.push(kept[i]!);
    await Promise.all(out.map((k) => k.checked));
    return out.map((k) => k.entry);
  }

  function clear(): number {
    const n = live();
    for (let i = head; i < kept.length; i++) kept[i]!.alive = false;
    kept.length = 0;
    head = 0;
    bytes = 0;
    return n;
  }

  return {
    enabled: maxEntries > 0,
    maxEntries,
    maxBytes,
    instrument,
    record,
    list,
    size: live,
    clear,
  };
}
