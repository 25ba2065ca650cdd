// The simulator's controls and the carrier twin over HTTP, for benchmarks that measure a server in
// its own process (its memory, a kill): subscriptions, shipments on the twin, the clock.
import { shipRequest } from './app.ts';

export interface Answer {
  status: number;
  body: string;
}

async function call(url: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(url, init);
  return { status: res.status, body: await res.text() };
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** POST /lab/api/simulator/subscriptions: 201 with the subscription, or the refusal. */
export const subscribe = (base: string, body: { url: string; token: string; deliverTwice?: boolean }) =>
  call(`${base}/lab/api/simulator/subscriptions`, json('POST', body));

/** POST /lab/api/simulator/clock {advance}. */
export const advanceClock = (base: string, advance: string) =>
  call(`${base}/lab/api/simulator/clock`, json('POST', { advance }));

/** The newest outbox row id of any subscription (ids only grow: the rows created so far). */
export async function newestDeliveryId(base: string): Promise<number> {
  const res = await fetch(`${base}/lab/api/simulator/subscriptions`);
  const { subscriptions } = (await res.json()) as { subscriptions: { id: string }[] };
  let newest = 0;
  for (const s of subscriptions) {
    const page = await fetch(`${base}/lab/api/simulator/subscriptions/${s.id}/deliveries?limit=1`);
    const { deliveries } = (await page.json()) as { deliveries: { id: string }[] };
    newest = Math.max(newest, Number(deliveries[0]?.id ?? 0));
  }
  return newest;
}

/** Creates `n` one-package shipments on the carrier twin (sandbox), dated the simulated today, `lanes` at a time. */
export async function createShipments(base: string, n: number, lanes = 4): Promise<void> {
  const token = await call(`${base}/lab/sim/carrier/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&client_id=bench&client_secret=bench',
  });
  if (token.status !== 200) throw new Error(`token: HTTP ${token.status} ${token.body}`);
  const bearer = (JSON.parse(token.body) as { access_token: string }).access_token;
  const clock = (await (await fetch(`${base}/lab/api/simulator/clock`)).json()) as { now: string };
  const body = shipRequest('ZPLII', 'STOCK_4X6');
  body.requestedShipment.shipDatestamp = clock.now.slice(0, 10);
  const payload = JSON.stringify(body);
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < n) {
        next++;
        const res = await call(`${base}/lab/sim/carrier/ship/v1/shipments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: payload,
        });
        if (res.status !== 200) throw new Error(`create shipment: HTTP ${res.status} ${res.body.slice(0, 300)}`);
      }
    }),
  );
}
