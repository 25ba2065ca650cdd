import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import net from 'node:net';
import { Agent, errors, request } from 'undici';
import { AddressRefusedError, guardedLookup, type AddressCheck } from './targets.js';

/**
 * The one way the server makes outbound HTTP calls on a user's behalf (the gateway's upstreams,
 * the simulators' webhooks): an app's one client is part of its shared context (built by buildApp,
 * `app.outbound` in plugins, `outbound` in service factories, closed with the app); a one-shot
 * command (`lab sim webhooks`) makes its own and closes it. undici 7 (Node 20 compatible; 8 needs Node 22): separate connect,
 * headers and body timeouts, keep-alive pools per timeout profile, redirects never followed
 * (undici's `request` only follows them through an interceptor we do not install). Besides those
 * idle timeouts, one total deadline per call (an upstream sending a byte just before each idle
 * timeout would otherwise hold a call for ever), and compressed answers are decoded here with the
 * size limit counted on the decoded bytes (a 200 KB gzip reply may inflate to 200 MB).
 */

/** An upstream: a name for messages and logs, and its base URL (no trailing slash). */
export interface Upstream {
  name: string;
  base: string;
}

export interface Timeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
  /** The whole call, from connecting to the last byte of the answer. */
  totalMs: number;
}

/**
 * One limit for a whole call: the total deadline. The idle timeouts sit past it (a stalled call is
 * always ended by the deadline, with one message), kept only as undici's own safety net.
 */
export const timeoutsOf = (ms: number): Timeouts => ({ connectMs: ms, headersMs: 2 * ms, bodyMs: 2 * ms, totalMs: ms });

/** A decoder for a Content-Encoding we decode; undefined for identity (or one we pass on as is). */
function decoderFor(
  encoding: string | string[] | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined {
  const coding = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? '')).trim().toLowerCase();
  if (coding === 'gzip' || coding === 'x-gzip') return zlib.createGunzip();
  if (coding === 'deflate') return zlib.createInflate();
  if (coding === 'br') return zlib.createBrotliDecompress();
  return undefined;
}

/** Unreachable (502), answered too much or a redirect (502), or too slow (504). */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  constructor(
    readonly statusCode: 502 | 504,
    message: string,
    readonly durationMs: number,
  ) {
    super(message);
  }
}

export interface OutboundRequest {
  upstream: Upstream;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Starts with `/`; appended to the upstream's base. The caller has checked it. */
  path: string;
  /** Already encoded, without `?`. */
  query?: string;
  headers: Record<string, string>;
  body?: Buffer | string | Readable;
  timeouts: Timeouts;
  maxResponseBytes: number;
  /**
   * Judges the address connected to (an IP literal before the call, a name's resolved addresses at
   * each connection): a reason refuses the call with a 502 naming it. Unset: any address.
   */
  addressCheck?: AddressCheck;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  durationMs: number;
}

const TIMEOUT_CODES: Record<string, string> = {
  UND_ERR_CONNECT_TIMEOUT: 'connect',
  UND_ERR_HEADERS_TIMEOUT: 'headers',
  UND_ERR_BODY_TIMEOUT: 'body',
};

/** The error code (ECONNREFUSED, UND_ERR_…) of a failed call, looking through `cause` chains. */
function errorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** The reason a call's total deadline aborts it with. */
class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/** Errors thrown by the request body stream (e.g. an upload over its limit) pass through as is. */
export class RequestBodyError extends Error {
  override name = 'RequestBodyError';
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

function findRefusal(err: unknown): AddressRefusedError | undefined {
  for (let e = err as { cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e instanceof AddressRefusedError) return e;
  }
  return undefined;
}

function findBodyError(err: unknown): RequestBodyError | undefined {
  for (let e = err as { cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (e instanceof RequestBodyError) return e;
  }
  return undefined;
}

export class HttpClient {
  private readonly agents = new Map<string, Agent>();
  /** Address checks seen, numbered: each has its own agents (its lookup is in their connect option). */
  private readonly checks = new Map<AddressCheck, number>();

  private agentFor(t: Timeouts, check?: AddressCheck): Agent {
    if (check && !this.checks.has(check)) this.checks.set(check, this.checks.size + 1);
    const key = `${t.connectMs}|${t.headersMs}|${t.bodyMs}|${check ? this.checks.get(check) : 0}`;
    let agent = this.agents.get(key);
    if (!agent) {
      agent = new Agent({
        connect: { timeout: t.connectMs, ...(check ? { lookup: guardedLookup(check) } : {}) },
        headersTimeout: t.headersMs,
        bodyTimeout: t.bodyMs,
        keepAliveTimeout: 4_000,
      });
      this.agents.set(key, agent);
    }
    return agent;
  }

  /** The upstream's full URL for a checked path; refuses anything that leaves the base. */
  static target(upstream: Upstream, path: string, query?: string): URL {
    const base = new URL(upstream.base);
    const url = new URL(`${upstream.base}${path}${query ? `?${query}` : ''}`);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) {
      throw new Error(`refusing to call ${url.href}: outside the upstream ${upstream.base}`);
    }
    return url;
  }

  async send(req: OutboundRequest): Promise<UpstreamResponse> {
    const url = HttpClient.target(req.upstream, req.path, req.query);
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 10) / 10;
    const who = `upstream ${req.upstream.name} (${req.upstream.base})`;
    const deadline = new AbortController();
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    const refused = req.addressCheck && net.isIP(literal) !== 0 ? req.addressCheck(literal) : undefined;
    if (refused) throw new UpstreamError(502, `${who} is refused: ${refused}`, 0);
    const timer = setTimeout(() => deadline.abort(new DeadlineError()), req.timeouts.totalMs);
    try {
      const res = await request(url, {
        method: req.method,
        headers: req.headers,
        body: req.body ?? null,
        dispatcher: this.agentFor(req.timeouts, req.addressCheck),
        signal: deadline.signal,
      });
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > req.maxResponseBytes) {
        res.body.destroy();
        throw new UpstreamError(
          502,
          `${who} answered ${declared} bytes, over the ${req.maxResponseBytes}-byte limit`,
          elapsed(),
        );
      }
      const headers = { ...(res.headers as Record<string, string | string[]>) };
      const decoder = decoderFor(headers['content-encoding']);
      const stream: AsyncIterable<Buffer> = decoder ? res.body.pipe(decoder) : res.body;
      if (decoder) {
        // What we return is decoded: the answer we pass on says so.
        delete headers['content-encoding'];
        delete headers['content-length'];
        res.body.on('error', (e) => decoder.destroy(e));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      try {
        for await (const chunk of stream) {
          size += chunk.byteLength;
          if (size > req.maxResponseBytes) {
            throw new UpstreamError(
              502,
              `${who} answered more than the ${req.maxResponseBytes}-byte limit${decoder ? ' (decompressed)' : ''}`,
              elapsed(),
            );
          }
          chunks.push(chunk);
        }
      } catch (err) {
        res.body.destroy();
        decoder?.destroy();
        if (
          decoder &&
          !(err instanceof UpstreamError) &&
          !deadline.signal.aborted &&
          errorCode(err)?.startsWith('Z_')
        ) {
          throw new UpstreamError(
            502,
            `${who} answered a body that does not decode as its Content-Encoding`,
            elapsed(),
          );
        }
        throw err;
      }
      return { status: res.statusCode, headers, body: Buffer.concat(chunks), durationMs: elapsed() };
    } catch (err) {
      if (err instanceof UpstreamError) throw err;
      if (deadline.signal.aborted) {
        throw new UpstreamError(
          504,
          `${who} did not answer in time (total deadline, ${req.timeouts.totalMs} ms)`,
          elapsed(),
        );
      }
      const bodyError = findBodyError(err);
      if (bodyError) throw bodyError;
      const refusal = findRefusal(err);
      if (refusal) throw new UpstreamError(502, `${who} is refused: ${refusal.message}`, elapsed());
      const code = errorCode(err);
      const phase = code ? TIMEOUT_CODES[code] : undefined;
      if (phase) {
        const ms =
          phase === 'connect'
            ? req.timeouts.connectMs
            : phase === 'headers'
              ? req.timeouts.headersMs
              : req.timeouts.bodyMs;
        throw new UpstreamError(504, `${who} did not answer in time (${phase} timeout, ${ms} ms)`, elapsed());
      }
      const reason = code ?? (err instanceof errors.UndiciError || err instanceof Error ? err.message : String(err));
      throw new UpstreamError(502, `${who} is unreachable: ${reason}`, elapsed());
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    const agents = [...this.agents.values()];
    this.agents.clear();
    this.checks.clear();
    await Promise.all(agents.map((a) => a.close()));
  }
}
