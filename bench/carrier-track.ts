// Carrier twin track budget (issue 39): track by tracking number ≤ 5 ms p50 of server time
// (app.inject: Fastify, request validation, the shipment and its due scans read from SQLite, the
// places' time zones (remembered after the first), the result written and checked against the
// track document's response schema). A 2-package Ground shipment with references, tracked by its
// second piece; then by reference.
// Run: npm run bench carrier-track
import { defaultSample } from '@lab/core/carrier';
import { simulatorModules } from '@lab/server/bench';
import { count, report, reportLoad, summarize, timedCpu } from './support.ts';
import { carrierToken, startApp } from './support/app.ts';

const CALLS = count(300, 5, 'BENCH_SIM_CALLS');
const WARMUP = count(20, 1);

const sim = await startApp(simulatorModules, {
  env: { SIM_SEED: '7' },
  carrierEndpoints: ['ship-create', 'track-tracking-numbers', 'track-reference-numbers'],
});
const app = sim.app;
const token = await carrierToken(app);
const body = defaultSample('ship-create') as Record<string, any>;
const rs = body.requestedShipment;
rs.serviceType = 'FEDEX_GROUND';
delete rs.shipDatestamp;
rs.labelSpecification = { imageType: 'ZPLII', labelStockType: 'STOCK_4X6' };
rs.requestedPackageLineItems = [
  {
    weight: { units: 'LB', value: 5.5 },
    dimensions: { length: 20, width: 14, height: 9, units: 'IN' },
    customerReferences: [{ customerReferenceType: 'P_O_NUMBER', value: 'PO-BENCH' }],
  },
  { weight: { units: 'LB', value: 3 } },
];
const post = async (url: string, payload: unknown) => {
  const {
    ms,
    cpuMs,
    value: res,
  } = await timedCpu(() =>
    app.inject({
      method: 'POST',
      url: `/lab/sim/carrier${url}`,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    }),
  );
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode} ${res.body}`);
  return { ms, cpuMs, json: res.json() as Record<string, any> };
};
const created = await post('/ship/v1/shipments', body);
const second = created.json.output.transactionShipments[0].pieceResponses[1].trackingNumber as string;
const cases = [
  [
    'track by tracking number',
    '/track/v1/trackingnumbers',
    { includeDetailedScans: true, trackingInfo: [{ trackingNumberInfo: { trackingNumber: second } }] },
  ],
  [
    'track by reference',
    '/track/v1/referencenumbers',
    {
      referencesInformation: {
        type: 'PURCHASE_ORDER',
        value: 'PO-BENCH',
        shipDateBegin: '2000-01-01',
        shipDateEndDate: '2099-12-31',
      },
    },
  ],
] as const;
for (const [name, url, payload] of cases) {
  for (let i = 0; i < WARMUP; i++) await post(url, payload);
  const ms: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const r = await post(url, payload);
    ms.push(r.ms);
    cpu.push(r.cpuMs);
  }
  const s = summarize(ms);
  report(`${name}, server time, p50`, s.p50, 'ms', name === 'track by tracking number' ? { max: 5 } : undefined);
  report(`${name}, server time, p95`, s.p95, 'ms');
  report(`${name}, CPU time, p50`, summarize(cpu).p50, 'ms');
}
reportLoad();
await sim.close();
