// What changed between two releases of a large public OpenAPI document (GitHub's REST API from
// @octokit/openapi 22.0.0 and 23.0.2, 12-13 MB each, fetched once into node_modules/.cache):
// the server's diff, budget ≤ 2 s (issue 44). Smoke: a cut of a few paths.
// Run: npm run bench openapi-diff
import type { JsonObject } from '@lab/core/json';
import { diffDocuments } from '@lab/core/openapi-diff';
import { cutDocument, PUBLIC_RELEASES, publicSpecText } from '../test/publicSpecs.ts';
import { count, report, summarize, timeRuns } from './support.ts';

const whole = count(1, 0) === 1;
const texts = PUBLIC_RELEASES.map((v) => publicSpecText(v));
const t0 = performance.now();
const docs = texts.map((t) => JSON.parse(t) as JsonObject);
report('parse both releases', performance.now() - t0, 'ms');
const [a, b] = whole
  ? (docs as [JsonObject, JsonObject])
  : (docs.map((d) =>
      cutDocument(d, ['/repos/{owner}/{repo}/tags/protection', '/orgs/{org}/artifacts/metadata/storage-record']),
    ) as [JsonObject, JsonObject]);
const first = diffDocuments(a, b);
console.log(
  `${first.changes.length} changes: ${first.counts.breaking} breaking, ${first.counts['non-breaking']} non-breaking, ` +
    `${first.counts['doc-only']} doc-only; operations ${JSON.stringify(first.operations)}`,
);
const runs = summarize(timeRuns(() => diffDocuments(a, b), count(5, 1)));
report(`diff ${whole ? 'whole documents' : 'cut'} p50`, runs.p50, 'ms', { max: 2000 });
report(`diff ${whole ? 'whole documents' : 'cut'} max`, runs.max, 'ms');
