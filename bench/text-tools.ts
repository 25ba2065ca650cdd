// Text tools of Useful Tools, run in the browser on pasted text. No blueprint budget; our own
// targets: a 1 MB log paste dense with documents (~7,500) beautified in ≤ 250 ms, a few-KB
// weird-text repair (every transformation and chain of two) in ≤ 100 ms.
// Run: npx tsx --conditions=@lab/source bench/text-tools.ts
import { beautifyLog, gbkCode, repairWeirdText } from '@lab/core/text';
import { count, report, summarize, timeRuns } from './support.ts';

const t0 = performance.now();
gbkCode('北');
report('GBK encode table, first use', performance.now() - t0, 'ms');

// ~1 MB of gateway-like log lines: JSON bodies, escaped JSON, XML and secrets.
const line =
  '2026-11-22T02:00:00Z INFO gw req={"client_id":"abc","client_secret":"s3cr3t","shipments":[{"trk":"794600000000","w":1.5}]} ' +
  'payload="{\\"access_token\\":\\"tok\\",\\"n\\":2}" <r><Id>7</Id><password>x</password></r> Authorization: Bearer eyJ.x.y\n';
const log = line.repeat(Math.ceil(count(1_000_000, 10_000) / line.length));
const logRuns = summarize(timeRuns(() => beautifyLog(log, { maskSecrets: true }), count(10, 1)));
report(`beautifyLog ${(log.length / 1e6).toFixed(2)} M chars p50`, logRuns.p50, 'ms', { max: 250 });

const text = 'å\u008c\u0097äº¬ Ã©tÃ© â€œquotedâ€\u009d '.repeat(100);
const textRuns = summarize(timeRuns(() => repairWeirdText(text), count(20, 1)));
report(`repairWeirdText ${(text.length / 1000).toFixed(1)}k chars p50`, textRuns.p50, 'ms', { max: 100 });
