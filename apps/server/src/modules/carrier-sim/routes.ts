import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CARRIER_ENDPOINTS,
  CARRIER_SIM_PRODUCTION,
  findEndpoint,
  twinPathOf,
  type CarrierEndpoint,
  type CarrierHost,
} from '@lab/core/carrier';
import { SIMULATOR_TOPICS } from '@lab/core/simulator';
import { behaviourFor, twinOnlyEndpoint, type SimContext, type SimReply } from './behaviours/index.js';
import { CarrierError, carrierError, MESSAGES, type CarrierErrorEntry } from './errors.js';
import { SimLabelRenderer } from './labels.js';
import { releaseDue } from './release.js';
import { SimState, type SimEnvironment } from './state.js';
import { TwinAuth } from './twinAuth.js';
import { forwardedPublicOrigin, publicOrigin } from '../../http/publicOrigin.js';
import { API_PREFIX, SIM_PREFIX } from '../../http/web.js';
import type { LabServices, ModulePlugin } from '../../module.js';

type Json = Record<string, unknown>;
type OperationChecker = ReturnType<LabServices['openApi']['checkerFor']>;

/** Response headers the simulator adds: whether it validated, and what it accepted with a warning. */
export const SIM_HEADERS = {
  validation: 'x-sim-validation',
  warning: 'x-sim-warning',
  repaired: 'x-sim-repaired',
} as const;

const DOCUMENTS_LIMIT_BYTES = 10 * 1024 * 1024;

/** Every YYYY-MM-DD a JSON value's strings start with (a sample's ship dates, timestamps). */
function datesIn(value: unknown): string[] {
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}/.test(value) ? [value.slice(0, 10)] : [];
  if (Array.isArray(value)) return value.flatMap(datesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(datesIn);
  return [];
}

/** Whether the caller is still there: its response was not closed before being written. */
function callerConnected(reply: FastifyReply): () => boolean {
  let gone = false;
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone = true;
  });
  return () => !gone && !(reply.raw.socket?.destroyed ?? false);
}

/**
 * The offline carrier: `/lab/sim/carrier` (OAuth token + every enabled catalogue path on the REST
 * host, labels it serves for URL_ONLY, status) and `/lab/sim/carrier-documents` (the two multipart
 * uploads), the sandbox; the same below `/production` on each host is production (a token of one
 * is refused by the other). State lives in the database (repo.ts). Requests are validated against
 * the imported OpenAPI documents; replies are checked against the operation's response schema
 * before they leave.
 */
export const carrierSimRoutes: ModulePlugin<
  'openApi' | 'labelRenderer' | 'places' | 'simClock' | 'webhookSender' | 'simSeed' | 'twinStore' | 'twinCredentials'
> = async (app) => {
  const config = app.config;
  const { store, checkerFor, conformantSample, repairToSchema } = app.services.openApi;
  const seed = app.services.simSeed.value;
  // The token key is shared by every instance on the database (SIM_SEED or a stored secret).
  const secret = await app.services.simSeed.secret('carrier-sim');
  const state = new SimState({ seed, secret, tokenTtlSeconds: config.simTokenTtlSeconds });
  const simStore = app.services.twinStore;
  const renderer = new SimLabelRenderer(app.services.labelRenderer);
  const twinAuth = new TwinAuth(state, app.services.twinCredentials, config.auth.mode === 'off');

  const examples = new Map<string, Json>();
  const lookup = async (endpoint: CarrierEndpoint) => {
    const ref = endpoint.operation;
    return ref ? store.getOperation(ref.document, ref.method, ref.path) : undefined;
  };
  const ctx: SimContext = {
    state,
    store: simStore,
    renderer,
    places: app.services.places,
    onShipmentChanged: (environment, trackingNumber) => {
      app.bus.publish(SIMULATOR_TOPICS.shipments, { environment, trackingNumber }).catch((err: unknown) => {
        app.log.warn({ err }, 'simulator shipment change not published');
      });
    },
    example: async (endpoint, status) => {
      const found = await lookup(endpoint);
      const schema = found?.operation.responses[String(status)]?.schema;
      if (!found || !schema) return undefined;
      const key = `${found.document.sha256}|${endpoint.method}|${found.operation.path}|${status}`;
      let base = examples.get(key);
      if (!base) {
        const validate = found.document.validators.compile(schema);
        base = (conformantSample(found.document.document, schema, validate) ?? {}) as Json;
        examples.set(key, base);
      }
      return structuredClone(base);
    },
  };

  // Each clock tick (an advance, or real time passing) releases the environment's due scan events to
  // the webhooks; one listener per app, stopped when the app closes.
  const { simClock, webhookSender } = app.services;
  const publish = (topic: string, data: unknown) => app.bus.publish(topic, data);
  const stopReleasing = simClock.onTick(async (environment, now) => {
    await releaseDue(simStore, webhookSender, environment, now, publish, app.services.places);
  });
  app.addHook('onClose', async () => stopReleasing());

  function errorBody(request: FastifyRequest, entries: CarrierErrorEntry[]): Json {
    const customer = request.headers['x-customer-transaction-id'];
    return {
      transactionId: state.uuid(),
      ...(typeof customer === 'string' && customer ? { customerTransactionId: customer } : {}),
      errors: entries,
    };
  }

  /** Sends a reply after checking it against the operation's response schema (repairing what does not fit). */
  function send(request: FastifyRequest, reply: FastifyReply, checker: OperationChecker | undefined, out: SimReply) {
    const validate = checker?.response(out.status);
    if (validate && !validate(out.body)) {
      const { removed } = repairToSchema(out.body, validate);
      request.log.warn(
        { removed, endpoint: checker!.operation.path },
        'simulator reply repaired to fit the response schema',
      );
      reply.header(SIM_HEADERS.repaired, removed.join(' ').slice(0, 1000));
    }
    return reply.code(out.status).type('application/json').send(out.body);
  }

  function fail(request: FastifyRequest, reply: FastifyReply, checker: OperationChecker | undefined, err: unknown) {
    if (err instanceof CarrierError) {
      return send(request, reply, checker, { status: err.status, body: errorBody(request, err.entries) });
    }
    throw err;
  }

  /** The dates of an operation's named example requests (documentedDates), once per operation. */
  const datesByOperation = new WeakMap<object, ReadonlySet<string>>();
  const documentedDatesOf = (operation: { samples: { request?: unknown }[] }) => {
    let dates = datesByOperation.get(operation);
    if (!dates) {
      dates = new Set(operation.samples.flatMap((sample) => datesIn(sample.request)));
      datesByOperation.set(operation, dates);
    }
    return dates;
  };

  /** Uploaded files by request (the documents host reads them before the request is handled). */
  const attachments = new WeakMap<FastifyRequest, { fileName: string; body: Buffer }>();

  /**
   * Where URL_ONLY links point: below the base URL the caller used, on the origin it reached. A call
   * through the gateway gets the gateway's path for the environment on the origin the gateway passed
   * on (the browser opens it with the site's login); a direct call (a client program's base URL
   * `/lab/sim/carrier`, `…/production`) gets the twin's own path on PUBLIC_BASE_URL or this request's
   * host, which opens with the caller's Bearer token in every AUTH mode (serveLabel).
   */
  const linkBase = (request: FastifyRequest, environment: SimEnvironment) => {
    const gateway = forwardedPublicOrigin(request);
    if (gateway) return `${gateway}${API_PREFIX}/carrier/${environment}`;
    const base = `${SIM_PREFIX}/carrier${environment === 'production' ? CARRIER_SIM_PRODUCTION : ''}`;
    return `${publicOrigin(request, config.publicBaseUrl)}${base}`;
  };

  async function handle(
    request: FastifyRequest,
    reply: FastifyReply,
    host: CarrierHost,
    body: unknown,
    hostPath: string,
  ) {
    let checker: OperationChecker | undefined;
    const { environment, path } = twinPathOf(hostPath);
    const connected = callerConnected(reply);
    try {
      await twinAuth.authorize(request, environment);
      const endpoint = findEndpoint(request.method, path, host) ?? twinOnlyEndpoint(request.method, path, host);
      if (!endpoint) throw carrierError(404, 'NOT.FOUND.ERROR', MESSAGES.notFound);
      const found = await lookup(endpoint);
      if (found) {
        checker = checkerFor(found.document, found.operation);
        reply.header(SIM_HEADERS.validation, 'on');
      } else {
        reply.header(
          SIM_HEADERS.validation,
          endpoint.operation
            ? `off: no OpenAPI document ${endpoint.operation.document} imported`
            : 'off: no published document for this endpoint',
        );
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw carrierError(400, 'INVALID.INPUT.EXCEPTION', MESSAGES.badJson);
      }
      if (checker) {
        const { errors, warnings, accepted } = checker.check(body);
        if (errors.length > 0) throw new CarrierError(400, errors);
        const said = [
          ...warnings.map((w) => `${w} is required by the schema; accepted because the carrier's own samples omit it`),
          ...accepted,
        ];
        if (said.length > 0) reply.header(SIM_HEADERS.warning, said.join('; ').slice(0, 2000));
      }
      const customer = request.headers['x-customer-transaction-id'];
      const out = await behaviourFor(endpoint)(ctx, {
        endpoint,
        body: body as Json,
        customerTransactionId: typeof customer === 'string' && customer ? customer : undefined,
        path,
        linkBase: linkBase(request, environment),
        client: state.tokenClient(request.headers.authorization),
        environment,
        now: await app.services.simClock.now(environment),
        connected,
        attachment: attachments.get(request),
        documentedDates: found ? documentedDatesOf(found.operation) : undefined,
      });
      return send(request, reply, checker, out);
    } catch (err) {
      return fail(request, reply, checker, err);
    }
  }

  const pathAfter = (request: FastifyRequest, marker: string) => {
    const pathname = request.url.split('?')[0]!;
    return pathname.slice(pathname.indexOf(marker) + marker.length);
  };

  // ── REST host ──
  await app.register(async (rest) => {
    rest.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, text, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(text)))),
    );
    const jsonError = (message: string) => ({
      transactionId: state.uuid(),
      errors: [{ code: 'INVALID.INPUT.EXCEPTION', message: message || MESSAGES.badJson }],
    });

    twinAuth.registerTokenRoutes(rest, jsonError);

    rest.get('/carrier/status', { schema: { hide: true } }, async () => {
      const names = await store.summaries();
      const have = new Set(names.map((d) => d.name));
      const wanted = [
        ...new Set(CARRIER_ENDPOINTS.filter((e) => !e.disabled && e.operation).map((e) => e.operation!.document)),
      ];
      const missing = wanted.filter((n) => !have.has(n));
      return {
        validation: missing.length === 0 ? 'on' : have.size === 0 ? 'off' : 'partial',
        message:
          have.size === 0
            ? 'No OpenAPI document is imported: requests are answered without validation (lab import carrier-openapi <dir>).'
            : missing.length === 0
              ? 'Every catalogue endpoint is validated against its imported OpenAPI document.'
              : `Endpoints of ${missing.join(', ')} are answered without validation (document not imported).`,
        documents: have.size,
        missingDocuments: missing,
        endpoints: CARRIER_ENDPOINTS.filter((e) => !e.disabled).length,
        seeded: seed !== undefined,
        tokenTtlSeconds: state.tokenTtlSeconds(),
      };
    });

    // A package label (`<tracking>.<ext>`), the shipment's invoice (`<master>-invoice.pdf`) or merged PDF
    // (`<master>-merged.pdf`), on either host. Open to a caller the site lets in (the gateway, a signed-in
    // user, anyone under AUTH=off) and to a client program with its Bearer token for the environment.
    const serveLabel = (environment: SimEnvironment) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.siteAccess) {
        try {
          await twinAuth.authorize(request, environment);
        } catch (err) {
          return fail(request, reply, undefined, err);
        }
      }
      const { file } = request.params as { file: string };
      const m = /^(\d{12})(?:-(invoice|merged))?\.(pdf|png|zpl|epl)$/.exec(file);
      const label = !m ? undefined : m[2] ? await simStore.shipmentDocument(m[1]!, m[2]) : await simStore.label(m[1]!);
      if (!label || label.ext !== m![3]) {
        return reply.code(404).send(errorBody(request, [{ code: 'NOT.FOUND.ERROR', message: MESSAGES.notFound }]));
      }
      return reply.type(label.contentType).send(label.body);
    };
    const labelRoute = { schema: { hide: true }, config: { errorReply: jsonError, ownAuth: true } };
    rest.get('/carrier/labels/:file', labelRoute, serveLabel('sandbox'));
    rest.get(`/carrier${CARRIER_SIM_PRODUCTION}/labels/:file`, labelRoute, serveLabel('production'));

    rest.route({
      method: ['POST', 'PUT'],
      url: '/carrier/*',
      schema: { hide: true },
      config: { errorReply: jsonError, ownAuth: true },
      handler: (request, reply) => handle(request, reply, 'api', request.body, pathAfter(request, '/carrier')),
    });
  });

  // ── documents host (multipart: `document` JSON string + `attachment` file) ──
  /** A broken multipart body (busboy's or the plugin's limits) answered as the carrier would: 4xx in its shape. */
  const multipartError = (err: unknown) => {
    if (err instanceof CarrierError) return err;
    const status = (err as { statusCode?: unknown }).statusCode;
    const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 400;
    const reason = err instanceof Error ? err.message : String(err);
    return carrierError(code, 'INVALID.INPUT.EXCEPTION', `The multipart body could not be read: ${reason}`);
  };
  await app.register(async (docs) => {
    await docs.register(fastifyMultipart, {
      limits: { fileSize: DOCUMENTS_LIMIT_BYTES, files: 1, fields: 8, fieldSize: 1024 * 1024 },
    });
    docs.post(
      '/carrier-documents/*',
      {
        schema: { hide: true },
        config: {
          ownAuth: true,
          errorReply: (message: string) => ({
            transactionId: state.uuid(),
            errors: [{ code: 'INVALID.INPUT.EXCEPTION', message }],
          }),
        },
      },
      async (request, reply) => {
        const path = pathAfter(request, '/carrier-documents');
        let body: unknown;
        try {
          await twinAuth.authorize(request, twinPathOf(path).environment);
          if (!request.isMultipart()) {
            throw carrierError(
              400,
              'INVALID.INPUT.EXCEPTION',
              'The request must be multipart/form-data with a document and an attachment.',
            );
          }
          let document: unknown;
          let attachment: string | undefined;
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              const bytes = await part.toBuffer();
              if (part.fieldname === 'attachment') attachment = part.filename || 'attachment';
              if (part.fieldname === 'attachment') attachments.set(request, { fileName: attachment!, body: bytes });
            } else if (part.fieldname === 'document') {
              try {
                document = JSON.parse(String(part.value));
              } catch {
                throw carrierError(400, 'INVALID.INPUT.EXCEPTION', 'The document field is not valid JSON.');
              }
            }
          }
          body = {
            ...(document !== undefined ? { document } : {}),
            ...(attachment !== undefined ? { attachment } : {}),
          };
        } catch (err) {
          return fail(request, reply, undefined, multipartError(err));
        }
        return handle(request, reply, 'documents', body, path);
      },
    );
  });
};
