import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SimShipmentsReply, SimSubscription, WebhookDetail, WebhookPage } from '@lab/core/contract';
import { webhookSignature } from '@lab/core/webhooks';
import { baseUrl, openPage } from './support/browser';
import { expectRole, expectText, expectVisible, POLL } from './support/expect';
import { applyCredential, chooseEndpoint } from './support/playground';

/**
 * The Simulator screen end to end, on the production twin (no other spec ships there, so every
 * event this test releases is its own): subscribe this site's webhook inspector from the screen,
 * create a shipment in the FAPI Playground through the gateway, move the clock to its delivery, and
 * watch the signed events arrive live on the webhook page with every signature green.
 */
const CHANNEL = 'sim-e2e';

async function api<T>(path: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${baseUrl()}/lab/api${path}`, init);
  expect(res.status, `${init?.method ?? 'GET'} ${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as T;
}

/** The playground with a production credential applied (slot No.2), at Create Shipment with our sample. */
async function playgroundReadyToShip(page: Page) {
  await page.goto('/lab/api/fapi');
  await expectText(page, 'Security reminder');
  await page.getByRole('button', { name: 'I understand' }).click();
  await applyCredential(page, { key: 'lab-key', secret: 'lab-secret', comments: 'sim e2e', production: true });
  await chooseEndpoint(page, 'Create Shipment');
  await expectText(page.locator('.fapi-endpoint'), 'POST /ship/v1/shipments');
  await page.getByRole('button', { name: 'sample', exact: true }).click();
  await expectVisible(page.getByTestId('schema-valid'));
}

describe('Simulator', () => {
  it('subscribes the inspector, ships in the playground, moves to delivery, and the signed events arrive live on the webhook page', async () => {
    const { page: simulator, context } = await openPage('/api/simulator?tab=subscriptions&env=production');
    const inspectorUrl = `${baseUrl()}/lab/hooks/fdx/${CHANNEL}`;
    try {
      // 1. One click subscribes the inspector's channel; the inspector had no token, so one is made for it.
      await expectRole(simulator, 'heading', { name: 'Simulator' });
      await expectText(simulator, 'live', { exact: true });
      await simulator.getByRole('combobox', { name: 'inspector channel' }).fill(CHANNEL);
      await expectText(simulator.getByTestId('inspector-url'), inspectorUrl);
      await simulator.getByRole('button', { name: 'Subscribe this site’s webhook inspector' }).click();
      await expectText(simulator, `Subscribed ${inspectorUrl}: its signed events show on the webhook page`);
      await expectText(simulator, 'The webhook page had no security token: one was generated and saved there');
      await expectText(simulator.getByTestId('subscriptions-table'), inspectorUrl);

      // 2. The webhook page, open before anything is sent, reads the same token.
      const inspector = await context.newPage();
      await inspector.goto(`/lab/api/fdxwebhook?channel=${CHANNEL}`);
      await expectText(inspector, 'live', { exact: true });
      await expect.poll(() => inspector.getByLabel('security token').inputValue(), POLL).toMatch(/^[A-Za-z0-9]{25}$/);
      const token = await inspector.getByLabel('security token').inputValue();
      await expectText(inspector, `Nothing received on ${CHANNEL} yet`);

      // 3. A shipment created in the playground, through the gateway, on the production twin.
      const playground = await context.newPage();
      await playgroundReadyToShip(playground);
      const created = playground.waitForResponse(
        (r) => r.url().endsWith('/lab/api/carrier/production/ship/v1/shipments') && r.request().method() === 'POST',
      );
      await playground.getByRole('button', { name: 'call API' }).click();
      const reply = await created;
      expect(reply.status()).toBe(200);
      const shipped = (await reply.json()) as {
        output: { transactionShipments: { masterTrackingNumber: string }[] };
      };
      const trackingNumber = shipped.output.transactionShipments[0]!.masterTrackingNumber;
      await expectText(playground.getByTestId('response-summary'), '200 OK');

      // 4. On the Simulator screen, the shipment, then "to delivery".
      await simulator.bringToFront();
      await simulator.getByRole('tab', { name: 'Shipments' }).click();
      const row = simulator.getByRole('row').filter({ hasText: trackingNumber });
      await expectVisible(row);
      await row.getByRole('button', { name: 'to delivery' }).click();
      await expectText(simulator, /^Clock moved to \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
      await expectText(row, /^(\d+) of \1 due$/);
      await expectText(row, /\(DL\)$/);
      await expect.poll(() => row.getByRole('button', { name: 'to delivery' }).isDisabled(), POLL).toBe(true);

      // Every event of the plan is due now: each one is delivered to the inspector once.
      const { shipments } = await api<SimShipmentsReply>('/simulator/shipments?environment=production&limit=200');
      const mine = shipments.find((s) => s.trackingNumber === trackingNumber)!;
      expect(mine.events.every((e) => e.due)).toBe(true);
      const eventCount = mine.events.length;
      expect(eventCount).toBeGreaterThanOrEqual(5);

      // 5. They arrive live on the webhook page (no reload), and every signature is green.
      await inspector.bringToFront();
      const table = inspector.getByRole('table');
      await expect.poll(() => table.getByRole('row').count(), POLL).toBe(eventCount + 1);
      await inspector.getByRole('button', { name: 'check signature' }).click();
      await expectText(inspector, `All ${eventCount} signatures match`);
      expect(await table.getByLabel('signature match').count()).toBe(eventCount);
      expect(await table.getByLabel('signature mismatch').count()).toBe(0);

      // What was received: one signed delivery per event of this shipment, signed with the inspector's token.
      const list = await api<WebhookPage>(`/webhooks/${CHANNEL}?page=1&size=100`);
      expect(list.total).toBe(eventCount);
      for (const item of list.items) {
        const detail = await api<WebhookDetail>(`/webhooks/${CHANNEL}/${item.id}`);
        expect(detail.body).toContain(trackingNumber);
        expect(detail.signature).toBe(await webhookSignature(detail.body, token));
      }
      const { subscriptions } = await api<{ subscriptions: SimSubscription[] }>('/simulator/subscriptions');
      expect(subscriptions.find((s) => s.url === inspectorUrl)).toMatchObject({
        environment: 'production',
        delivered: eventCount,
        pending: 0,
        failed: 0,
      });
    } finally {
      const { subscriptions } = await api<{ subscriptions: SimSubscription[] }>('/simulator/subscriptions');
      for (const s of subscriptions.filter((x) => x.url === inspectorUrl))
        await api(`/simulator/subscriptions/${s.id}`, { method: 'DELETE' });
    }
  });
});
