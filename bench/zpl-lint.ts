// The ZPL linter and data extraction (@lab/core/labels/zpl), which the label screens run on every
// edit and the label service runs for X-Linter / Accept: application/json. No blueprint budget;
// our own target: the largest corpus label linted in ≤ 50 ms (p50), so typing stays fluid.
// Also prints the warnings over the whole reference corpus (each listed in docs/modules/zpl-toolkit.md).
// Run: npx tsx --conditions=@lab/source bench/zpl-lint.ts
import fs from 'node:fs';
import path from 'node:path';
import { analyzeZpl, imageToZplGraphic, lintZpl } from '@lab/core/labels/zpl';
import { count, repoRoot, report, summarize, timeRuns } from './support.ts';

const corpus = path.resolve(repoRoot, '../shared/reference/zpl-corpus');
const files = fs
  .readdirSync(corpus)
  .filter((f) => f.endsWith('.zpl'))
  .map((f) => ({ name: f, bytes: new Uint8Array(fs.readFileSync(path.join(corpus, f))) }))
  .sort((a, b) => b.bytes.length - a.bytes.length);

const largest = files[0]!;
for (let i = 0; i < count(5, 1); i++) analyzeZpl(largest.bytes); // warm up
const runs = summarize(timeRuns(() => analyzeZpl(largest.bytes), count(50, 1)));
report(`lint + extract ${largest.name} (${(largest.bytes.length / 1024).toFixed(0)} KB) p50`, runs.p50, 'ms', {
  max: 50,
});
report(`lint + extract ${largest.name} p95`, runs.p95, 'ms');

const all = summarize(timeRuns(() => files.forEach((f) => analyzeZpl(f.bytes)), count(20, 1)));
report(`lint + extract all ${files.length} corpus labels p50`, all.p50, 'ms');

let warnings = 0;
const withWarnings: string[] = [];
for (const f of files) {
  const n = lintZpl(f.bytes).length;
  warnings += n;
  if (n > 0) withWarnings.push(`${f.name} (${n})`);
}
report(`warnings over the corpus (${files.length} labels)`, warnings, 'count');
console.log(`  labels with warnings: ${withWarnings.sort().join(', ')}`);

const IMAGE_RUNS = count(20, 1);
// A 600 × 300 logo at 4× (a sharp-edged drawing) → compressed hex and Z64.
const w = 600;
const h = 300;
const data = new Uint8Array(w * h * 4);
for (let i = 0; i < w * h; i++) {
  const x = i % w;
  const y = Math.floor(i / w);
  const v = (x - 150) ** 2 + (y - 150) ** 2 < 120 ** 2 || (x > 350 && x < 560 && y > 60 && y < 240) ? 0 : 255;
  data.set([v, v, v, 255], i * 4);
}
const hex = summarize(timeRuns(() => imageToZplGraphic({ width: w, height: h, data }), IMAGE_RUNS));
report('image → ^GFA 600 × 300 (compressed hex) p50', hex.p50, 'ms');
const z64 = summarize(
  timeRuns(() => imageToZplGraphic({ width: w, height: h, data }, { encoding: 'z64' }), IMAGE_RUNS),
);
report('image → ^GFA 600 × 300 (:Z64:) p50', z64.p50, 'ms');
const dither = summarize(
  timeRuns(() => imageToZplGraphic({ width: w, height: h, data }, { dither: 'floyd-steinberg' }), IMAGE_RUNS),
);
report('image → ^GFA 600 × 300 (Floyd–Steinberg) p50', dither.p50, 'ms');
