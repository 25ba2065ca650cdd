// Carrier simulator budgets: request validation of a create-shipment request ≤ 1 ms after compile
// (the ship document's full schema, ajv 8), and the simulator's own create-shipment latency,
// called directly over HTTP (p50/p95; the gateway's overhead is measured against this in
// bench/gateway.ts). Labels: ZPLII (no drawing) and PDF (drawn by the label pipeline). Rate quotes:
// budget p50 ≤ 5 ms server time.
// Section 3: the budget of issue 28, create shipment with 2 packages, ZPLII, ≤ 10 ms p50 of server
// time (app.inject: the request through Fastify, validation, the rules, the labels and the
// shipment's transaction in SQLite, no socket), with retention at work (SIM_MAX_SHIPMENTS below
// the number created, so every create also forgets the oldest shipment).
// Run: npx tsx --conditions=@lab/source bench/carrier-sim.ts
import fs from 'node:fs';
import path from 'node:path';
import { defaultSample } from '@lab/core/carrier';
import { DocumentValidators, indexOperations, OperationChecker, simulatorModules } from '@lab/server/bench';
import { carrierDocsDir, count, report, reportLoad, summarize, timedCpu } from './support.ts';
import { carrierToken, injectShip, shipRequest, startApp } from './support/app.ts';

const VALIDATIONS = count(5000, 5, 'BENCH_VALIDATIONS');
const CALLS = count(200, 1, 'BENCH_SIM_CALLS');
const WARMUP = count(20, 0);

// ── 1. validation of a ship request, after compile ──
{
  const doc = JSON.parse(fs.readFileSync(path.join(carrierDocsDir, 'ship--Shipment-Resource.json'), 'utf8'));
  const op = indexOperations('ship--Shipment-Resource', doc).find(
    (o) => o.method === 'POST' && o.path === '/ship/v1/shipments',
  )!;
  const t0 = performance.now();
  const checker = new OperationChecker(
    {
      id: 1,
      name: 'ship--Shipment-Resource',
      sha256: '',
      document: doc,
      operations: [op],
      validators: new DocumentValidators(doc),
    },
    op,
  );
  const compileMs = performance.now() - t0;
  const valid = defaultSample('ship-create');
  const invalid = defaultSample('ship-create') as { requestedShipment: Record<string, unknown> };
  delete invalid.requestedShipment.shipper;
  invalid.requestedShipment.pickupType = 'TELEPORT';
  for (let i = 0; i < count(500, 2); i++) checker.check(i % 2 ? valid : invalid);
  const okMs: number[] = [];
  const badMs: number[] = [];
  for (let i = 0; i < VALIDATIONS; i++) {
    const t = performance.now();
    const r = checker.check(valid);
    okMs.push(performance.now() - t);
    if (r.errors.length) throw new Error('the default ship sample should validate');
    const t2 = performance.now();
    checker.check(invalid);
    badMs.push(performance.now() - t2);
  }
  const ok = summarize(okMs);
  const bad = summarize(badMs);
  report('ship request: compile + sample leniency (once)', compileMs, 'ms');
  // Microseconds: the budget is 1 ms = 1000 µs.
  const us = (ms: number) => ms * 1000;
  report('ship request validation, valid, p50', us(ok.p50), 'µs', { max: 1000 });
  report('ship request validation, valid, p95', us(ok.p95), 'µs', { max: 1000 });
  report('ship request validation, 2 errors, p50', us(bad.p50), 'µs', { max: 1000 });
  report('ship request validation, 2 errors, p95', us(bad.p95), 'µs', { max: 1000 });
}

// ── 2. the simulator called directly (HTTP, in this process) ──
{
  // The simulators and the modules behind the services they need (the labels' renderer among them).
  const sim = await startApp(simulatorModules, {
    env: { SIM_SEED: '7' },
    carrierEndpoints: ['rate-quotes', 'ship-create'],
  });
  const app = sim.app;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `${address}/lab/sim/carrier`;
  const token = await carrierToken(app);

  /** One POST to the simulator, timed from send to the last byte of a 200 reply. */
  const timedPost = async (route: string, body: unknown) => {
    const t = performance.now();
    const res = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
    return performance.now() - t;
  };
  const ship = (imageType: 'ZPLII' | 'PDF') => timedPost('/ship/v1/shipments', shipRequest(imageType));

  // Rate quotes (budget p50 ≤ 5 ms server time), before the PDF renders load the machine: the
  // default sample (a US domestic lane, every service, LIST and ACCOUNT rates), and an international
  // one (the destination found by city name, a customs value). Server time is app.inject (no
  // socket, no client); HTTP adds the round trip.
  const intl = defaultSample('rate-quotes') as { requestedShipment: Record<string, unknown> };
  intl.requestedShipment.recipient = { address: { city: 'Paris', postalCode: '75001', countryCode: 'FR' } };
  intl.requestedShipment.customsClearanceDetail = {
    commodities: [{ description: 'Watch', quantity: 1, customsValue: { amount: 250, currency: 'USD' } }],
  };
  const rateCpu: Record<string, number[]> = {};
  const injectRate = async (body: unknown) => {
    const {
      ms,
      cpuMs,
      value: res,
    } = await timedCpu(() =>
      app.inject({
        method: 'POST',
        url: '/lab/sim/carrier/rate/v1/rates/quotes',
        headers: { authorization: `Bearer ${token}` },
        payload: body as Record<string, unknown>,
      }),
    );
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
    (rateCpu[body === intl ? 'international' : 'domestic'] ??= []).push(cpuMs);
    return ms;
  };
  const rateCases = [
    ['domestic', defaultSample('rate-quotes')],
    ['international', intl],
  ] as const;
  for (const [lane, body] of rateCases) {
    for (const [how, call] of [
      ['server time', injectRate],
      ['HTTP', (b: unknown) => timedPost('/rate/v1/rates/quotes', b)],
    ] as const) {
      for (let i = 0; i < WARMUP; i++) await call(body);
      const ms: number[] = [];
      for (let i = 0; i < CALLS; i++) ms.push(await call(body));
      const s = summarize(ms);
      report(`simulator rate quote (${lane}, ${how}), p50`, s.p50, 'ms', how === 'HTTP' ? undefined : { max: 5 });
      report(`simulator rate quote (${lane}, ${how}), p95`, s.p95, 'ms');
    }
    report(`simulator rate quote (${lane}, server CPU time), p50`, summarize(rateCpu[lane] ?? []).p50, 'ms');
  }

  for (const imageType of ['ZPLII', 'PDF'] as const) {
    for (let i = 0; i < WARMUP; i++) await ship(imageType);
    const ms: number[] = [];
    for (let i = 0; i < CALLS; i++) ms.push(await ship(imageType));
    const s = summarize(ms);
    report(`simulator create shipment (${imageType}), p50`, s.p50, 'ms');
    report(`simulator create shipment (${imageType}), p95`, s.p95, 'ms');
  }

  await sim.close();
}

// ── 3. create shipment, 2 packages, ZPLII: server time, retention at work ──
{
  const max = count(Math.max(50, Math.floor(CALLS / 2)), 2);
  const sim = await startApp(simulatorModules, {
    env: { SIM_SEED: '7', SIM_MAX_SHIPMENTS: String(max) },
    carrierEndpoints: ['ship-create'],
  });
  const app = sim.app;
  const token = await carrierToken(app);
  const body = shipRequest('ZPLII', 'STOCK_4X6');
  body.requestedShipment.requestedPackageLineItems.push({ weight: { units: 'LB', value: 3 } });
  const payload = JSON.stringify(body);
  for (let i = 0; i < max + WARMUP; i++) await injectShip(app, token, payload); // warm, and fill the store past its limit
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const r = await timedCpu(() => injectShip(app, token, payload));
    ms.push(r.value);
    cpu.push(r.cpuMs);
  }
  const s = summarize(ms);
  report(`create shipment, 2 packages, ZPLII, server time (retention ${max}), p50`, s.p50, 'ms', { max: 10 });
  report(`create shipment, 2 packages, ZPLII, server time (retention ${max}), p95`, s.p95, 'ms');
  // CPU of the process during the call: the request, and the release of its label-created scans to the webhooks.
  report(`create shipment, 2 packages, ZPLII, CPU time, p50`, summarize(cpu).p50, 'ms');
  reportLoad();
  const kept = await app.db.kysely
    .selectFrom('carrier_sim_shipments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  report('shipments kept after the run (= SIM_MAX_SHIPMENTS)', Number(kept.n), 'rows', { max, min: max });
  await sim.close();
}
