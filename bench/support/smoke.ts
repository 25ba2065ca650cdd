// One lane of the smoke run (`npm run bench -- --smoke`): scripts/bench.mjs forks this with IPC and
// hands it benchmark names one at a time; it runs each in this process — the server's modules load
// once per lane, not once per benchmark — with its tiny sizes, and answers with how it went. A
// benchmark fails when it throws, takes longer than BENCH_TIMEOUT_MS, or never took a size from
// count() (it has no smoke mode). After a timeout the benchmark is still running here, so the lane
// ends and the run starts another.
import path from 'node:path';
import { sizesGiven, smoke } from '../support.ts';

export interface SmokeResult {
  name: string;
  seconds: number;
  /** CPU time of this process (not of the servers or browsers it started). */
  cpuSeconds: number;
  problem: string;
}
export type ToLane = { run: string } | { stop: true };
export type FromLane = { ready: true } | { started: string } | { done: SmokeResult };

const BENCH_TIMEOUT_MS = 120_000;

if (!smoke || !process.send) throw new Error('a smoke lane is forked by scripts/bench.mjs (npm run bench -- --smoke)');
const send = (message: FromLane) => process.send!(message);
// A benchmark reads its own options from argv (e.g. hardening's parts): it gets none here.
process.argv.length = 2;

async function run(name: string): Promise<SmokeResult> {
  const before = sizesGiven();
  const started = performance.now();
  const cpu = process.cpuUsage();
  let problem = '';
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      import(path.join(import.meta.dirname, '..', `${name}.ts`)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`did not finish in ${BENCH_TIMEOUT_MS / 1000} s`)), BENCH_TIMEOUT_MS);
      }),
    ]);
    if (sizesGiven() === before) problem = 'has no smoke mode: it took no size from count() (bench/support.ts)';
  } catch (err) {
    console.error(err);
    problem = `threw: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`;
  } finally {
    clearTimeout(timer);
  }
  const { user, system } = process.cpuUsage(cpu);
  return { name, seconds: (performance.now() - started) / 1000, cpuSeconds: (user + system) / 1e6, problem };
}

process.on('message', (message: ToLane) => {
  if ('stop' in message) process.exit(0);
  send({ started: message.run });
  void run(message.run).then((result) => {
    send({ done: result });
    if (result.problem.startsWith('threw: did not finish')) process.exit(1);
  });
});
send({ ready: true });
