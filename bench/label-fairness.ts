// One render pool, fair per client (issue 27): five Stratus clients' many-package PDF orders are
// rendering when another client places a 1-package PDF order. Before, the Stratus simulator's
// own pool served jobs first come, first served, and that order waited for every label of the
// five (106.8 s for five 99-package orders); now each client has its own line in the app's one
// pool and a free worker serves the clients in turn. The built server with LABEL_WORKERS workers
// (default 1); the same six orders twice: from six clients (fair queue), then from one client
// (one line: first come, first served, the old behaviour) for comparison.
// Run: npm run bench label-fairness  (build first: npx tsc -b apps/server)
// Knobs: LABEL_WORKERS (1), BULK_ORDERS (5), PACKAGES (6 labels an order; 99 is the issue's case, minutes on 2 cores).
import { randomUUID } from 'node:crypto';
import { stratusSample } from '@lab/server/bench';
import { count, report, startServer, type RunningServer } from './support.ts';

const WORKERS = process.env.LABEL_WORKERS ?? '1';
const BULK_ORDERS = count(5, 1, 'BULK_ORDERS');
const PACKAGES = count(6, 1, 'PACKAGES');

const STRATUS = '/lab/sim/stratus';

async function token(server: RunningServer, client: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}${STRATUS}/auth/oauth/v2/token?grant_type=client_credentials&scope=oob`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${client}:secret`).toString('base64')}` },
  });
  if (!res.ok) throw new Error(`token: HTTP ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Places a PDF order of `packages` labels (rendering starts now); the returned function waits until it completes. */
async function placeOrder(server: RunningServer, bearer: string, packages: number): Promise<() => Promise<void>> {
  const auth = { authorization: `Bearer ${bearer}` };
  const res = await fetch(`${server.baseUrl}${STRATUS}/stratus/v1/order`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    // A transaction Stratus ships (the reference sample: sender, recipient, service, weight), as PDF.
    body: JSON.stringify({ ProjetId: randomUUID(), Transaction: stratusSample('DIB', `116,"${packages}"`) }),
  });
  if (!res.ok) throw new Error(`order: HTTP ${res.status} ${await res.text()}`);
  const { Id } = (await res.json()) as { Id: string };
  // STRATUS_SIM_PENDING_POLLS=0: a poll waits for the order's labels (up to the simulator's render
  // wait, then answers PENDING while they are still drawn), so polling again at once is the wait.
  return async () => {
    for (;;) {
      const polled = await fetch(`${server.baseUrl}${STRATUS}/stratus/v1/order/${Id}`, { headers: auth });
      const order = (await polled.json()) as { State: string; Labels: unknown[]; Message?: string };
      if (order.State === 'PENDING') continue;
      if (order.State !== 'COMPLETED' || order.Labels.length !== packages) {
        throw new Error(`order ${Id}: ${order.State} with ${order.Labels.length} labels ${order.Message ?? ''}`);
      }
      return;
    }
  };
}

/** The bulk orders, then the single order; how long the single one and everything took. */
async function scenario(server: RunningServer, bulkTokens: string[], singleToken: string) {
  const start = performance.now();
  const bulk = await Promise.all(bulkTokens.map((t) => placeOrder(server, t, PACKAGES)));
  const placed = performance.now();
  const single = await placeOrder(server, singleToken, 1);
  const waited = single().then(() => performance.now() - placed);
  const [singleMs] = await Promise.all([waited, ...bulk.map((done) => done())]);
  return { singleMs, totalMs: performance.now() - start };
}

const server = await startServer({
  LABEL_WORKERS: WORKERS,
  LABEL_WORKER_IDLE_MS: '3600000',
  STRATUS_SIM_PENDING_POLLS: '0',
});
try {
  // The workers start and load the engine before anything is measured.
  const warm = await token(server, 'bench-warm');
  await Promise.all(
    Array.from({ length: count(Number(WORKERS), 0) }, async () => (await placeOrder(server, warm, 1))()),
  );

  const labels = BULK_ORDERS * PACKAGES + 1;
  console.log(`${BULK_ORDERS} orders × ${PACKAGES} PDF labels, then a 1-label order; LABEL_WORKERS=${WORKERS}`);
  const bulkClients = await Promise.all(
    Array.from({ length: BULK_ORDERS }, (_, i) => token(server, `bench-bulk-${i}`)),
  );
  const fair = await scenario(server, bulkClients, await token(server, 'bench-single'));
  report('fair queue: the 1-label order waited', fair.singleMs, 'ms');
  report(`fair queue: all ${labels} labels took`, fair.totalMs, 'ms');

  // One client may have 256 jobs waiting (RenderPool maxQueue): past it the comparison would fail orders.
  if (labels <= 256) {
    const oneClient = await token(server, 'bench-one-line');
    const fifo = await scenario(
      server,
      bulkClients.map(() => oneClient),
      oneClient,
    );
    report('one line (FIFO): the 1-label order waited', fifo.singleMs, 'ms');
    report(`one line (FIFO): all ${labels} labels took`, fifo.totalMs, 'ms');
  } else {
    console.log(`(no one-line comparison: ${labels} labels from one client exceed its 256 waiting jobs)`);
  }
} finally {
  await server.stop();
}
