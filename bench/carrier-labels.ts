// The carrier twin's PDF label budget: a create-shipment asking for a PDF label, over HTTP to the
// simulator (validation, label data, the core layout, the render pool, the reply) ≤ 1.1× the
// render engine alone drawing the same label (ZPL → PNG → PDF page, in this process). Samples are
// interleaved (engine, twin, engine, …) so load from other processes falls on both alike. Each
// shipment gets a new tracking number, so the render cache never answers.
// Run: npx tsx --conditions=@lab/source bench/carrier-labels.ts
import { pdfPageSize } from '@lab/core/labels';
import { loadEngine, runJob, simulatorModules } from '@lab/server/bench';
import { count, report, reportSpread } from './support.ts';
import { carrierToken, shipRequest, startApp } from './support/app.ts';

const SAMPLES = count(30, 1, 'BENCH_TWIN_LABEL_SAMPLES');
const WARMUP = count(3, 0);

const sim = await startApp(simulatorModules, {
  env: { SIM_SEED: '7', LABEL_WORKERS: '1' },
  carrierEndpoints: ['ship-create'],
});
const address = await sim.app.listen({ port: 0, host: '127.0.0.1' });
const base = `${address}/lab/sim/carrier`;
const token = await carrierToken(sim.app);

/** One create-shipment of the default sample (one package, 4 × 6), as `imageType`; the label and the client's time. */
async function ship(imageType: 'ZPLII' | 'PDF'): Promise<{ ms: number; label: Buffer }> {
  const t = performance.now();
  const res = await fetch(`${base}/ship/v1/shipments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(shipRequest(imageType)),
  });
  const json = (await res.json()) as {
    output: { transactionShipments: { pieceResponses: { packageDocuments: { encodedLabel: string }[] }[] }[] };
  };
  const ms = performance.now() - t;
  if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
  const label = json.output.transactionShipments[0]!.pieceResponses[0]!.packageDocuments[0]!.encodedLabel;
  return { ms, label: Buffer.from(label, 'base64') };
}

/** The engine alone: the same kind of label's ZPL → PNG → one PDF page, in this process. */
async function engine(label: Buffer): Promise<number> {
  const zpl = label.toString('utf8');
  const t = performance.now();
  const pngs = await runJob({ op: 'render', zpl, widthMm: 101.6, heightMm: 152.4, dpmm: 8 });
  await runJob({ op: 'pdf', pngs, rotation: 0, page: pdfPageSize({ widthIn: 4, heightIn: 6 }) });
  return performance.now() - t;
}

try {
  await loadEngine();
  for (let i = 0; i < WARMUP; i++) {
    await engine((await ship('ZPLII')).label);
    await ship('PDF');
  }
  const direct: number[] = [];
  const twin: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    // A fresh twin label's ZPL (a new tracking number) for the engine, then a fresh PDF shipment.
    direct.push(await engine((await ship('ZPLII')).label));
    twin.push((await ship('PDF')).ms);
  }
  const d = reportSpread('engine alone, twin label 4x6 8dpmm → PDF', direct);
  const w = reportSpread('twin create shipment, PDF label, over HTTP', twin);
  report('twin PDF label p50 / engine p50', w.p50 / d.p50, '×', { max: 1.1 });
} finally {
  await sim.close();
}
