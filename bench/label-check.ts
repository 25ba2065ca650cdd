// Label check budget: checking a 4×6 carrier label (decode every bar code, match it to its ZPL
// field, printer profile) ≤ 150 ms beyond its render, p50. Render and check run the same jobs the
// render workers run, in this process; renders and checks alternate so load falls on both.
// Run: npx tsx --conditions=@lab/source bench/label-check.ts
import fs from 'node:fs';
import path from 'node:path';
import { checkLabel, type DecodedSymbol } from '@lab/core/labels/check';
import { analyzeZpl } from '@lab/core/labels/zpl';
import { loadEngine, runJob } from '@lab/server/bench';
import { count, repoRoot, report, summarize } from './support.ts';

const SAMPLES = count(30, 1, 'BENCH_CHECK_SAMPLES');
const printer = { dpmm: 8, widthDots: 813, heightDots: 1220 } as const;
const labels = ['fedex.zpl', 'ups.zpl']
  .slice(0, count(2, 1))
  .map((f) => [f, fs.readFileSync(path.resolve(repoRoot, '../shared/reference/zpl-corpus', f), 'utf8')]);

const render = async (zpl: string) =>
  (await runJob({ op: 'render', zpl, widthMm: 812.5 / 8, heightMm: 1219.5 / 8, dpmm: 8 }))[0]!;

/** Decode (in a worker it is the 'decode' job) + match to the fields + printer profile. */
async function check(zpl: string, png: Uint8Array) {
  const [json] = await runJob({ op: 'decode', images: [png] });
  const decoded = JSON.parse(Buffer.from(json!).toString('utf8')) as DecodedSymbol[];
  const label = analyzeZpl(zpl, { symbols: true, widthDots: 813, heightDots: 1220 }).labels[0]!;
  return checkLabel(label, decoded, printer);
}

await loadEngine();
for (const [name, zpl] of labels) {
  const png = await render(zpl!);
  const first = await check(zpl!, png); // loads the decoder
  const renders: number[] = [];
  const checks: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    let t = performance.now();
    const fresh = await render(zpl!.replace(/\^XZ\s*$/, `^FXbench ${i}^FS^XZ`));
    renders.push(performance.now() - t);
    t = performance.now();
    await check(zpl!, fresh);
    checks.push(performance.now() - t);
  }
  const r = summarize(renders);
  const c = summarize(checks);
  console.log(`${name}: ${first.symbols.length} symbols, verdict ${first.verdict}`);
  report(`${name} render, 4x6 8dpmm: p50`, r.p50, 'ms');
  report(`${name} check beyond the render: p50`, c.p50, 'ms', { max: 150 });
  report(`${name} check beyond the render: p95`, c.p95, 'ms');
}
