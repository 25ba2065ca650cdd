import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { defaultSample } from '@lab/core/carrier';
import { baseUrl } from './browser';
import { expectRole, expectSettled, expectText, expectVisible, POLL } from './expect';

export interface CredentialSlot {
  key: string;
  secret: string;
  /** The slot's comment, shown in the active-credential tag. */
  comments?: string;
  /** Switch the slot to production (slots start on sandbox). */
  production?: boolean;
}

/**
 * The FAPI playground's Manage My Credentials: fills slot No.2, applies it (a token through the
 * gateway), checks the slot is locked, closes the dialog and waits for the header to show the
 * slot's environment.
 */
export async function applyCredential(page: Page, slotValues: CredentialSlot): Promise<void> {
  await page.getByRole('button', { name: 'Credential Required' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: 'Manage My Credentials' });
  await expectSettled(dialog);
  await dialog.getByRole('tab', { name: 'No.2' }).click();
  const slot = dialog.getByTestId('slot-No.2');
  if (slotValues.comments !== undefined) await slot.getByLabel('Comments').fill(slotValues.comments);
  if (slotValues.production) await slot.getByRole('switch', { name: 'Environment' }).click();
  await slot.getByLabel('API key').fill(slotValues.key);
  await slot.getByLabel('API secret', { exact: true }).fill(slotValues.secret);
  await slot.getByRole('button', { name: 'Apply' }).click();
  await expectText(page, 'applied', { exact: true, first: true });
  // An applied slot is locked: its fields turn read-only.
  await expect.poll(() => slot.getByLabel('API key').getAttribute('readonly'), POLL).not.toBeNull();
  await page.keyboard.press('Escape');
  await expectRole(page, 'button', { name: slotValues.production ? 'Production' : 'Sandbox' });
}

/** Picks an endpoint in the playground tab's dropdown by its English name, and waits for the tab to show it. */
export async function chooseEndpoint(page: Page, name: string): Promise<void> {
  await page.getByLabel('endpoint', { exact: true }).click();
  await page.keyboard.type(name);
  // Enter picks the dropdown's active option: wait until the filtered list has made it ours.
  await expectVisible(page.locator('.ant-select-dropdown .ant-select-item-option-active').filter({ hasText: name }));
  await page.keyboard.press('Enter');
  await expectText(page.locator('.fapi-endpoint'), name, { exact: true });
}

/**
 * The carrier twin's today in sandbox (YYYY-MM-DD), as the playground reads it: the UTC day of GET
 * /lab/api/simulator/clock. The suites share one server, whose clock an earlier file may have moved.
 */
export async function twinToday(): Promise<string> {
  const res = await fetch(`${baseUrl()}/lab/api/simulator/clock?environment=sandbox`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { now: string }).now.slice(0, 10);
}

/** Our default sample of a catalogue entry dated for the twin's today, as the playground's Sample button loads it. */
export async function twinSample(endpointId: string): Promise<unknown> {
  return defaultSample(endpointId, await twinToday());
}
