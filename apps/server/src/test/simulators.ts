/**
 * The simulators as their clients reach them, for the suites of every module that calls them
 * (carrier-sim, stratus-sim, sim, sim-faults, traffic): the carrier twin's OAuth form and bearer
 * calls in-process (`app.inject`), or over real HTTP through the gateway of an app listening on
 * loopback, as are Stratus's token and orders.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { defaultSample, type CarrierEnvironment, type HttpMethod } from '@lab/core/carrier';
import type { AppConfig } from '../config.js';
import { listenLoopback, rawRequest } from './http.js';
import { buildTestApp, type TestApp, type TestAppOptions, type TestDialect } from './helpers.js';

/** The carrier twin's sandbox REST host in an app (production is the same below `/production`). */
export const TWIN = '/lab/sim/carrier';

/**
 * The twin's today (YYYY-MM-DD) in an environment, as the playground reads it: the UTC day of GET
 * /lab/api/simulator/clock, the day the twin judges ship dates by.
 */
export async function twinToday(app: FastifyInstance, environment: CarrierEnvironment = 'sandbox'): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/lab/api/simulator/clock?environment=${environment}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ now: string }>().now.slice(0, 10);
}

/** Our default sample of a catalogue entry dated for the twin's today, as the playground loads it. */
export const twinSample = async (
  app: FastifyInstance,
  endpointId: string,
  environment: CarrierEnvironment = 'sandbox',
): Promise<Record<string, any>> => defaultSample(endpointId, await twinToday(app, environment)) as Record<string, any>;

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The client-credentials form a carrier client posts to `…/oauth/token`. */
export const tokenForm = (clientId = 'lab-key', secret = 'lab-secret') =>
  `grant_type=client_credentials&client_id=${clientId}&client_secret=${secret}`;

/**
 * Posts the token form to `<host>/oauth/token` in-process and answers the reply as it is: `host` is
 * the twin (`TWIN`, `${TWIN}/production`) or the gateway (`/lab/api/carrier/<env>`).
 */
export const requestToken = (app: FastifyInstance, host = TWIN, form = tokenForm()) =>
  app.inject({ method: 'POST', url: `${host}/oauth/token`, headers: FORM, payload: form });

/** A bearer token from `host` (the twin's sandbox by default), in-process. */
export async function twinToken(
  app: FastifyInstance,
  options: { host?: string; clientId?: string; secret?: string } = {},
): Promise<string> {
  const res = await requestToken(app, options.host, tokenForm(options.clientId, options.secret));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

/** Calls a catalogue path of the twin (`/ship/v1/shipments`) in-process with a bearer, as a client sends it. */
export const twinCall = (
  app: FastifyInstance,
  token: string,
  path: string,
  body: unknown,
  options: { method?: HttpMethod; host?: string; headers?: Record<string, string> } = {},
) =>
  app.inject({
    method: options.method ?? 'POST',
    url: `${options.host ?? TWIN}${path}`,
    headers: { authorization: `Bearer ${token}`, ...options.headers },
    payload: body as Record<string, unknown>,
  });

/** A carrier bearer through the gateway of a listening app (`base`), over real HTTP. */
export async function gatewayToken(
  base: string,
  options: { environment?: string; clientId?: string; secret?: string } = {},
): Promise<string> {
  const res = await rawRequest(base, 'POST', `/lab/api/carrier/${options.environment ?? 'sandbox'}/oauth/token`, {
    headers: FORM,
    body: tokenForm(options.clientId, options.secret),
  });
  expect(res.status, res.text).toBe(200);
  return res.json().access_token as string;
}

/**
 * A test app listening on loopback as a carrier client reaches it through the gateway: the app, its
 * base URL and a bearer from the gateway's token route (for `client`, lab-key by default).
 */
export async function gatewayClient(
  dialect: TestDialect,
  overrides: Partial<AppConfig>,
  options: TestAppOptions & { client?: { clientId: string; secret: string } } = {},
): Promise<{ t: TestApp; base: string; token: string }> {
  const { client, ...build } = options;
  const t = await buildTestApp(dialect, overrides, build);
  const base = await listenLoopback(t.app);
  return { t, base, token: await gatewayToken(base, client) };
}

/**
 * A test app listening on loopback, its gateway reaching Stratus with the product's timeout (a poll
 * answers PENDING past RENDER_WAIT_MS while a PDF still renders, within the gateway's wait). `env`
 * seeds Stratus (SIM_SEED, STRATUS_SIM_PENDING_POLLS).
 */
export async function stratusOnLoopback(
  dialect: TestDialect,
  env: NodeJS.ProcessEnv,
): Promise<{ t: TestApp; base: string }> {
  const t = await buildTestApp(dialect, {}, { env });
  return { t, base: await listenLoopback(t.app) };
}

/** Stratus's token route through the gateway (client credentials, scope oob). */
export const STRATUS_TOKEN_PATH = '/lab/api/stratus/auth/oauth/v2/token?grant_type=client_credentials&scope=oob';

/** HTTP Basic credentials, as a Stratus client sends them for a token. */
export const basicAuth = (key: string, secret: string) => `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;

/** A Stratus client's headers through the gateway: a bearer for `key`/`secret` and its API key. */
export async function stratusAuth(
  base: string,
  client: { key: string; secret: string; apiKey: string },
): Promise<Record<string, string>> {
  const res = await rawRequest(base, 'POST', STRATUS_TOKEN_PATH, {
    headers: { 'x-upstream-authorization': basicAuth(client.key, client.secret) },
  });
  expect(res.status, res.text).toBe(200);
  return { 'x-upstream-authorization': `Bearer ${res.json().access_token}`, 'x-api-key': client.apiKey };
}

/** Posts a Stratus order of one transaction through the gateway, as a new project. */
export const postStratusOrder = (base: string, auth: Record<string, string>, transaction: string) =>
  rawRequest(base, 'POST', '/lab/api/stratus/stratus/v1/order', {
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ ProjetId: randomUUID(), Transaction: transaction }),
  });
