import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CARRIER_ENDPOINTS, carrierCallOf } from '@lab/core/carrier';
import type { SimFault, SimFaultBody } from '@lab/core/contract';
import { FAULT_STATUSES, SIM_FAULT_HEADER, TOKEN_ENDPOINT_ID, type FaultStatus } from '@lab/core/simulator';
import type { Db } from '../../db/index.js';
import type { ServiceContext } from '../../module.js';
import type { SimFaultTable } from './tables.js';

/** One fault a call gets: from the endpoint's stored fault, or from the request's x-sim-fault header. */
export type CallFault =
  | { kind: 'status'; status: FaultStatus }
  | { kind: 'latency'; ms: number }
  | { kind: 'token-expired' }
  | { kind: 'hang' };

/** The largest latency the header may ask for (as the API's latencyMs). */
export const MAX_HEADER_LATENCY_MS = 120_000;

/** Seconds a 429 fault asks the client to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 1;

export const HEADER_SYNTAX = `use status=${FAULT_STATUSES.join('|')}, latency=<0..${MAX_HEADER_LATENCY_MS} ms>, token-expired or hang`;

/**
 * The fault an `x-sim-fault` header asks for: exactly `status=429|500|503|504`,
 * `latency=<ms>`, `token-expired` or `hang` (surrounding spaces ignored); a string naming why not otherwise.
 */
export function parseFaultHeader(value: string | string[]): CallFault | string {
  if (Array.isArray(value)) return `${SIM_FAULT_HEADER} must be given once: ${HEADER_SYNTAX}`;
  const text = value.trim();
  const bad = `${SIM_FAULT_HEADER}: "${text.slice(0, 60)}" is not a fault: ${HEADER_SYNTAX}`;
  if (text === 'token-expired') return { kind: 'token-expired' };
  if (text === 'hang') return { kind: 'hang' };
  const status = /^status=(\d{3})$/.exec(text);
  if (status) {
    const code = Number(status[1]);
    return (FAULT_STATUSES as readonly number[]).includes(code) ? { kind: 'status', status: code as FaultStatus } : bad;
  }
  const latency = /^latency=(0|[1-9]\d{0,5})$/.exec(text);
  if (latency) {
    const ms = Number(latency[1]);
    return ms <= MAX_HEADER_LATENCY_MS ? { kind: 'latency', ms } : bad;
  }
  return bad;
}

/** How a call's fault is named in the reply's x-sim-fault header and the traffic log. */
export function describeFault(fault: CallFault): string {
  switch (fault.kind) {
    case 'status':
      return `status=${fault.status}`;
    case 'latency':
      return `latency=${fault.ms}`;
    default:
      return fault.kind;
  }
}

/** The carrier's error entry for each fault status (the codes its documents use; 429 and 504 are ours). */
const STATUS_ERRORS: Record<FaultStatus, { code: string; message: string }> = {
  429: {
    code: 'TOO.MANY.REQUESTS.ERROR',
    message: 'We have received too many requests in a short duration. Please wait a while to try again.',
  },
  500: {
    code: 'INTERNAL.SERVER.ERROR',
    message:
      'We encountered an unexpected error and are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.',
  },
  503: {
    code: 'SERVICE.UNAVAILABLE.ERROR',
    message:
      'The service is currently unavailable and we are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.',
  },
  504: {
    code: 'GATEWAY.TIMEOUT.ERROR',
    message: 'The request timed out before the service answered. Please try again later.',
  },
};

/** The carrier-sim's own wording of an expired token (NOT.AUTHORIZED.ERROR). */
export const TOKEN_EXPIRED_MESSAGE = 'Access token expired. Please modify your request and try again.';

/** Endpoint ids a fault can be set on: every enabled catalogue id, and the OAuth token endpoint. */
export const FAULT_ENDPOINT_IDS: ReadonlySet<string> = new Set([
  ...CARRIER_ENDPOINTS.filter((e) => !e.disabled).map((e) => e.id),
  TOKEN_ENDPOINT_ID,
]);

/** Why a fault body cannot be stored, or undefined. */
export function faultBodyProblem(endpointId: string, body: SimFaultBody): string | undefined {
  if (body.rate !== undefined && body.status === undefined) return 'rate applies to a status: give status too';
  if (body.jitterMs !== undefined && body.latencyMs === undefined)
    return 'jitterMs applies to a latency: give latencyMs too';
  if (body.tokenExpired && endpointId === TOKEN_ENDPOINT_ID) {
    return 'tokenExpired applies to calls that bear a token: the OAuth token endpoint takes none';
  }
  const nothing = !body.latencyMs && !body.jitterMs && body.status === undefined && !body.tokenExpired && !body.hang;
  if (nothing) return 'nothing to inject: give latencyMs, status, tokenExpired or hang (DELETE clears a fault)';
  return undefined;
}

const toFault = (row: SimFaultTable): SimFault => ({
  endpointId: row.endpoint_id,
  latencyMs: Number(row.latency_ms),
  jitterMs: Number(row.jitter_ms),
  status: row.status === null ? null : (Number(row.status) as FaultStatus),
  rate: Number(row.rate),
  tokenExpired: Number(row.token_expired) === 1,
  hang: Number(row.hang) === 1,
  updatedAt: row.updated_at,
});

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The bearer token of an Authorization header, if any. */
const bearer = (authorization: string | undefined) => /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];

/** The catalogue endpoint id of a call to the carrier twin (`oauth-token` for the token), if it is one. */
const endpointIdOf = (request: FastifyRequest) => carrierCallOf(request.method, request.url)?.endpointId;

/** The `simFaults` service (LabServices['simFaults']). */
export interface SimFaults {
  /** Every stored fault, by endpoint id. */
  list(): Promise<SimFault[]>;
  /** Stores an endpoint's fault (replacing the one it had); `rate` defaults to 1 when a status is given. */
  set(endpointId: string, body: SimFaultBody): Promise<SimFault>;
  /** Removes an endpoint's fault; false when it had none. */
  clear(endpointId: string): Promise<boolean>;
  /**
   * Applies the faults to the carrier simulator's calls: Fastify hooks in `app`'s scope (the
   * carrier-sim's `sim` plugin). Stored faults by endpoint, or the one an x-sim-fault header asks for.
   */
  instrument(app: FastifyInstance): void;
}

class FaultRepo {
  constructor(private readonly db: Db) {}

  async list(): Promise<SimFault[]> {
    const rows = await this.db.kysely.selectFrom('sim_faults').selectAll().orderBy('endpoint_id').execute();
    return rows.map(toFault);
  }

  async get(endpointId: string): Promise<SimFaultTable | undefined> {
    return this.db.kysely.selectFrom('sim_faults').selectAll().where('endpoint_id', '=', endpointId).executeTakeFirst();
  }

  async put(row: SimFaultTable): Promise<void> {
    const { endpoint_id: _id, ...rest } = row;
    await this.db.kysely
      .insertInto('sim_faults')
      .values(row)
      .onConflict((oc) => oc.column('endpoint_id').doUpdateSet(rest))
      .execute();
  }

  async delete(endpointId: string): Promise<boolean> {
    const res = await this.db.kysely.deleteFrom('sim_faults').where('endpoint_id', '=', endpointId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async tokenExpiredOn(): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('sim_faults')
      .select('endpoint_id')
      .where('token_expired', '=', 1)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async rememberToken(token: string, issuedAt: string): Promise<void> {
    await this.db.kysely
      .insertInto('sim_fault_tokens')
      .values({ token_hash: tokenHash(token), issued_at: issuedAt })
      .onConflict((oc) => oc.column('token_hash').doNothing())
      .execute();
  }

  /** Whether the token was issued (while a token-expired fault was on) at or after `since`. */
  async tokenIssuedSince(token: string, since: string): Promise<boolean> {
    const row = await this.db.kysely
      .selectFrom('sim_fault_tokens')
      .select('issued_at')
      .where('token_hash', '=', tokenHash(token))
      .executeTakeFirst();
    return row !== undefined && row.issued_at >= since;
  }

  /** Forgets the remembered tokens once no endpoint has a token-expired fault. */
  async forgetTokensIfUnused(): Promise<void> {
    if (!(await this.tokenExpiredOn())) await this.db.kysely.deleteFrom('sim_fault_tokens').execute();
  }
}

/** The carrier's error body: `{transactionId, customerTransactionId?, errors: [{code, message}]}`. */
function errorBody(request: FastifyRequest, code: string, message: string) {
  const customer = request.headers['x-customer-transaction-id'];
  return {
    transactionId: randomUUID(),
    ...(typeof customer === 'string' && customer ? { customerTransactionId: customer } : {}),
    errors: [{ code, message }],
  };
}

/** Now as ISO-8601 UTC with milliseconds: stored as text, whose order is the order in time. */
const nowIso = () => new Date().toISOString();

export function createSimFaults({ db, log }: ServiceContext): SimFaults {
  const repo = new FaultRepo(db);
  /** Calls held open by a hang fault, and latency waits: released when the app closes. */
  const hung = new Set<FastifyReply>();
  const waits = new Set<AbortController>();

  async function set(endpointId: string, body: SimFaultBody): Promise<SimFault> {
    const before = await repo.get(endpointId);
    const now = nowIso();
    const tokenExpired = body.tokenExpired === true;
    const row: SimFaultTable = {
      endpoint_id: endpointId,
      latency_ms: body.latencyMs ?? 0,
      jitter_ms: body.jitterMs ?? 0,
      status: body.status ?? null,
      rate: body.status === undefined ? 0 : (body.rate ?? 1),
      token_expired: tokenExpired ? 1 : 0,
      token_expired_since: tokenExpired
        ? before && Number(before.token_expired) === 1 && before.token_expired_since
          ? before.token_expired_since
          : now
        : null,
      hang: body.hang ? 1 : 0,
      updated_at: now,
    };
    await repo.put(row);
    if (!tokenExpired) await repo.forgetTokensIfUnused();
    return toFault(row);
  }

  async function clear(endpointId: string): Promise<boolean> {
    const deleted = await repo.delete(endpointId);
    await repo.forgetTokensIfUnused();
    return deleted;
  }

  /** The fault this call gets from its endpoint's stored fault (latency first, then at most one other). */
  async function storedFaults(request: FastifyRequest, row: SimFaultTable): Promise<CallFault[]> {
    const out: CallFault[] = [];
    const latency = Number(row.latency_ms) + Math.round(Math.random() * Number(row.jitter_ms));
    if (latency > 0) out.push({ kind: 'latency', ms: latency });
    if (Number(row.hang) === 1) out.push({ kind: 'hang' });
    else if (Number(row.token_expired) === 1 && row.token_expired_since) {
      const token = bearer(request.headers.authorization);
      if (!token || !(await repo.tokenIssuedSince(token, row.token_expired_since))) out.push({ kind: 'token-expired' });
    }
    const last = out.at(-1)?.kind;
    if (row.status !== null && last !== 'hang' && last !== 'token-expired' && Math.random() < Number(row.rate)) {
      out.push({ kind: 'status', status: Number(row.status) as FaultStatus });
    }
    return out;
  }

  async function wait(ms: number): Promise<void> {
    const controller = new AbortController();
    waits.add(controller);
    try {
      await sleep(ms, undefined, { signal: controller.signal });
    } catch {
      // the app is closing: answer now
    } finally {
      waits.delete(controller);
    }
  }

  /** Holds the call open without answering until the caller hangs up or the app closes. */
  function hang(request: FastifyRequest, reply: FastifyReply) {
    request.log.info({ url: request.url }, 'sim fault: holding the call unanswered (hang)');
    reply.hijack();
    hung.add(reply);
    reply.raw.once('close', () => hung.delete(reply));
  }

  function instrument(app: FastifyInstance): void {
    // After the body is read (preValidation, before the route checks it): the traffic log records a
    // faulted call's request as sent, and judges that body, not an empty one.
    app.addHook('preValidation', async (request, reply) => {
      const header = request.headers[SIM_FAULT_HEADER];
      let faults: CallFault[];
      if (header !== undefined) {
        const parsed = parseFaultHeader(header);
        if (typeof parsed === 'string') {
          return reply
            .code(400)
            .type('application/json')
            .send(errorBody(request, 'INVALID.INPUT.EXCEPTION', parsed));
        }
        faults = [parsed];
        if (parsed.kind === 'token-expired' && endpointIdOf(request) === TOKEN_ENDPOINT_ID) {
          faults = [];
        }
      } else {
        const endpointId = endpointIdOf(request);
        const row = endpointId === undefined ? undefined : await repo.get(endpointId);
        faults = row ? await storedFaults(request, row) : [];
      }
      if (faults.length === 0) return;
      reply.header(SIM_FAULT_HEADER, faults.map(describeFault).join(', '));
      for (const fault of faults) {
        switch (fault.kind) {
          case 'latency':
            await wait(fault.ms);
            break;
          case 'hang':
            hang(request, reply);
            return reply;
          case 'token-expired':
            return reply
              .code(401)
              .type('application/json')
              .send(errorBody(request, 'NOT.AUTHORIZED.ERROR', TOKEN_EXPIRED_MESSAGE));
          case 'status': {
            if (fault.status === 429) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
            const { code, message } = STATUS_ERRORS[fault.status];
            return reply
              .code(fault.status)
              .type('application/json')
              .send(errorBody(request, code, message));
          }
        }
      }
    });

    // Tokens issued while a token-expired fault is on are remembered: they pass until the fault is cleared.
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode !== 200 || endpointIdOf(request) !== TOKEN_ENDPOINT_ID) return payload;
      if (!(await repo.tokenExpiredOn())) return payload;
      try {
        const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
        const token = (JSON.parse(text) as { access_token?: unknown }).access_token;
        if (typeof token === 'string') await repo.rememberToken(token, nowIso());
      } catch (err) {
        log.warn({ err }, 'sim-faults: the token reply could not be read; the new token stays refused');
      }
      return payload;
    });

    app.addHook('preClose', async () => {
      for (const w of waits) w.abort();
      for (const reply of hung) reply.raw.destroy();
      hung.clear();
    });
  }

  return { list: () => repo.list(), set, clear, instrument };
}
