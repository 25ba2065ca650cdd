// The app in this process (no socket unless a benchmark listens), for benchmarks that measure
// server time with app.inject or replace a service: built over a module list on a fresh SQLite
// file, and the carrier twin's usual calls (a token, a create-shipment request).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultSample } from '@lab/core/carrier';
import { buildApp, carrierOpenApiDataset, loadConfig, runImport } from '@lab/server/bench';
import { carrierDocuments } from '../support.ts';

export type App = Awaited<ReturnType<typeof buildApp>>;
type Modules = Parameters<typeof loadConfig>[2];
type Database = NonNullable<Parameters<typeof loadConfig>[1]['database']>;

export interface BenchApp {
  app: App;
  /** The temporary folder of the app (its SQLite file unless `database` said otherwise). */
  dir: string;
  close: () => Promise<void>;
}

export interface AppOptions {
  /** Environment settings beyond LOG_LEVEL=warn. */
  env?: Record<string, string>;
  /** Another database than a fresh SQLite file in the app's folder (e.g. one two apps share). */
  database?: Database;
  /** The carrier endpoints (catalogue ids) whose OpenAPI documents to import, so the twin validates those calls as in use. */
  carrierEndpoints?: string[];
}

/** buildApp over `modules` with a temporary folder for its SQLite file and web root, removed on close. */
export async function startApp(modules: Modules, options: AppOptions = {}): Promise<BenchApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-app-'));
  const database = options.database ?? { dialect: 'sqlite' as const, file: path.join(dir, 'lab.sqlite') };
  const config = loadConfig({ LOG_LEVEL: 'warn', ...options.env }, { database, webDistDir: dir }, modules);
  const app = await buildApp(config, { modules });
  if (options.carrierEndpoints) {
    const files = carrierDocuments(...options.carrierEndpoints);
    await runImport(app.db, [carrierOpenApiDataset], 'carrier-openapi', files);
  }
  return {
    app,
    dir,
    close: async () => {
      await app.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A carrier twin access token (client credentials), through inject. */
export async function carrierToken(app: App): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/lab/sim/carrier/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'grant_type=client_credentials&client_id=bench&client_secret=bench',
  });
  if (res.statusCode !== 200) throw new Error(`token: HTTP ${res.statusCode} ${res.body}`);
  return res.json<{ access_token: string }>().access_token;
}

/** Subscribes `url` (with `token`) to the simulator's webhooks. */
export async function subscribeWebhooks(app: App, url: string, token = 'bench-token'): Promise<void> {
  const res = await app.inject({ method: 'POST', url: '/lab/api/simulator/subscriptions', payload: { url, token } });
  if (res.statusCode !== 201) throw new Error(`subscribe answered ${res.statusCode}: ${res.body}`);
}

export interface ShipRequest {
  requestedShipment: {
    labelSpecification: { imageType: string; labelStockType: string };
    requestedPackageLineItems: unknown[];
    shipDatestamp?: string;
  } & Record<string, unknown>;
}

/** The twin's default create-shipment sample (one package) with its label asked as `imageType` on `stock`. */
export function shipRequest(imageType: 'ZPLII' | 'PDF', labelStockType = 'PAPER_4X6'): ShipRequest {
  const body = defaultSample('ship-create') as ShipRequest;
  body.requestedShipment.labelSpecification = { imageType, labelStockType };
  return body;
}

/** One create-shipment through inject: its server time in ms; throws unless the twin answered 200. */
export async function injectShip(app: App, token: string, payload: string): Promise<number> {
  const t = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/lab/sim/carrier/ship/v1/shipments',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload,
  });
  const ms = performance.now() - t;
  if (res.statusCode !== 200) throw new Error(`create shipment: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  return ms;
}
