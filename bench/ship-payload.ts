// Ship payload generator (issue 14): rebuilding the create-shipment payload from the generator's
// state for 40 packages × 20 commodities, in core. Budget ≤ 5 ms. Then the screen's chunk size.
// Run: npx tsx --conditions=@lab/source bench/ship-payload.ts
import { buildShipPayload, defaultShipPayloadState, type ShipPayloadState } from '@lab/core/shipping/payload';
import fs from 'node:fs';
import path from 'node:path';
import { count, report, summarize } from './support.ts';
import { entryKey, gzipKb, readManifest, staticClosure, webDist } from './support/webBuild.ts';

const base = defaultShipPayloadState(new Date(), '740561075');
const state: ShipPayloadState = {
  ...base,
  specialServices: ['ELECTRONIC_TRADE_DOCUMENTS', 'BROKER_SELECT_OPTION', 'HOLD_AT_LOCATION'],
  holdAtLocationId: 'MEMA',
  eciImages: true,
  imageType: 'ZPLII',
  labelStockType: 'STOCK_4X9_LEADING_DOC_TAB',
  docTabEnabled: true,
  docTabContentType: 'ZONE001',
  zones: Array.from({ length: 12 }, (_, i) => ({
    zoneNumber: i + 1,
    header: `H${i + 1}`,
    dataField: i % 2 ? 'REQUEST/PACKAGE/weight/Value' : '',
    literalValue: `v${i}`,
    justification: 'LEFT',
  })),
  references: [
    { type: 'P_O_NUMBER', value: 'PO-1' },
    { type: 'INVOICE_NUMBER', value: 'INV-1' },
  ],
  packages: Array.from({ length: 40 }, (_, i) => ({
    weight: `${(i % 7) + 1}.25`,
    length: 30,
    width: 20,
    height: 10 + (i % 5),
  })),
  commodities: Array.from({ length: 20 }, (_, i) => ({
    description: `Commodity ${i + 1}`,
    harmonizedCode: '610910',
    countryOfManufacture: 'CN',
    quantity: i + 1,
    quantityUnits: 'PCS',
    unitPrice: '3.333',
    customsValue: (3.333 * (i + 1)).toFixed(3),
    weight: '0.5',
  })),
};

// Warm up (JIT), then time single rebuilds as the screen does after each change.
for (let i = 0; i < count(200, 2); i++) buildShipPayload(state);
const samples: number[] = [];
let size = 0;
for (let i = 0; i < count(500, 3); i++) {
  // a changed field each time (as an edit would)
  const s = { ...state, shipDate: i % 2 ? '2026-11-23' : '2026-11-24' };
  const t0 = performance.now();
  const r = buildShipPayload(s);
  samples.push(performance.now() - t0);
  size = JSON.stringify(r.payload).length;
}
const st = summarize(samples);
report('rebuild 40 packages × 20 commodities p50', st.p50, 'ms', { max: 5 });
report('rebuild 40 packages × 20 commodities p95', st.p95, 'ms', { max: 5 });
report('rebuild 40 packages × 20 commodities max', st.max, 'ms');
report('payload JSON size', size / 1024, 'KB');

// The screen's chunk (needs `npm run build`): the page's own chunk, and everything it loads beyond
// the shell (the antd parts it shares with other tools included), gzip.
if (fs.existsSync(path.join(webDist, '.vite/manifest.json'))) {
  const manifest = readManifest();
  const page = Object.keys(manifest).find((k) => k.endsWith('tools/fapi-ship-payload/ShipPayloadPage.tsx'))!;
  const shell = staticClosure(manifest, entryKey(manifest));
  const beyond = [...staticClosure(manifest, page)]
    .filter((k) => !shell.has(k))
    .map((k) => manifest[k]!.file)
    .filter((f) => f.endsWith('.js'));
  report('screen chunk ShipPayloadPage (gzip)', gzipKb([manifest[page]!.file]), 'KB');
  report(`screen beyond the shell, ${beyond.length} chunks (gzip)`, gzipKb(beyond), 'KB');
} else console.log('screen chunk: no apps/web/dist (run npm run build first)');
