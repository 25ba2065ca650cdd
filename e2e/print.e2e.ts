import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_ORIGINS } from '@lab/core/print';
import { openPage, referenceDir } from './support/browser';
import { expectRole, expectText, POLL } from './support/expect';
import { freePort } from './support/ports';
import { startFakePrinter, startPrintAgent, startSite, type Child, type FakePrinter } from './support/printing';

const corpus = path.join(referenceDir, 'zpl-corpus');

let printer: FakePrinter;
let site: Child;
let agent: Child;
let agentPort: number;

async function startAgent() {
  agent = await startPrintAgent({
    port: agentPort,
    printers: [`desk=tcp://127.0.0.1:${printer.port}`],
    allowOrigin: site.url,
  });
}

beforeAll(async () => {
  printer = await startFakePrinter();
  agentPort = await freePort();
  // The screen checks the default agent (http://127.0.0.1:9100) 300 ms after it loads, until a test
  // types our agent's URL: the site allows the default agent origins, as the server does by default,
  // and ours. With ours alone, whether that first check was a CSP violation depended on how fast the
  // test typed (it was, under load).
  site = await startSite({
    PRINT_AGENT_ORIGINS: [`http://127.0.0.1:${agentPort}`, ...DEFAULT_AGENT_ORIGINS].join(','),
  });
  await startAgent();
});
afterAll(async () => {
  await agent?.stop();
  await site?.stop();
  await printer?.close();
});

const cspViolations: string[] = [];

/** The Browser Print screen of the test site, pointed at our agent, once the default printer is ready. */
async function openPrinterPage(): Promise<Page> {
  const { page } = await openPage('/');
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) cspViolations.push(msg.text());
  });
  await page.goto(`${site.url}/lab/utils/zebraprinter`);
  await expectRole(page, 'heading', { name: 'Zebra Browser Print' });
  const before = printer.bytes().length;
  await page.getByLabel('Browser Print base URL').fill(agent.url);
  await expect
    .poll(() => page.getByLabel(/^Default printer available: /).getAttribute('aria-label'), POLL)
    .toBe('Default printer available: yes');
  // The availability probe reached the printer.
  await printer.waitFor(before, (b) => b.toString('latin1').includes('000000'));
  return page;
}

describe('Browser Print with lab print-agent and a TCP printer', () => {
  it('prints a corpus ZPL file locally: the printer gets the file byte for byte', async () => {
    const page = await openPrinterPage();
    await expectText(page, 'Browser Print connected');
    await expectText(page, 'Default printer: desk (127.0.0.1:');
    const file = path.join(corpus, 'amazon.zpl');
    const expected = fs.readFileSync(file);
    await page.locator('input[type=file]').setInputFiles(file);
    // The preview comes from our label service.
    await expectText(page, /\d+ labels? · 4x6 in · 8 dpmm/);
    const from = printer.bytes().length;
    await page.getByRole('button', { name: /\bPrint$/ }).click();
    await expectText(page, 'Printing...');
    const got = await printer.waitFor(from, (b) => b.length >= expected.length);
    expect(got.equals(expected)).toBe(true);
    expect(cspViolations).toEqual([]);
  });

  it('prints an image as a ^GF label the width of the label', async () => {
    const page = await openPrinterPage();
    await page.locator('input[type=file]').setInputFiles(path.join(corpus, 'amazon.png'));
    await expectRole(page, 'img', { name: 'Preview 1' });
    const from = printer.bytes().length;
    await page.getByRole('button', { name: /\bPrint$/ }).click();
    const got = (await printer.waitFor(from, (b) => b.toString('latin1').endsWith('^XZ'))).toString('latin1');
    // 4 in at 8 dpmm = 812 dots = 102 bytes a row.
    expect(got).toMatch(/^\^XA\^FO0,0\^GFA,(\d+),\1,102,[0-9A-Za-z,!:]+\^FS\^XZ$/);
    expect(cspViolations).toEqual([]);
  });

  it('prints each PDF page drawn at scale 2.7 as a ^GF label', async () => {
    const zpl = fs.readFileSync(path.join(corpus, 'amazon.zpl'));
    const res = await fetch(`${site.url}/lab/api/labels/v1/printers/8dpmm/labels/4x6/`, {
      method: 'POST',
      headers: { accept: 'application/pdf', 'content-type': 'application/x-www-form-urlencoded' },
      body: zpl,
    });
    expect(res.status).toBe(200);
    const pdf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-pdf-')), 'label.pdf');
    fs.writeFileSync(pdf, Buffer.from(await res.arrayBuffer()));
    const page = await openPrinterPage();
    await page.locator('input[type=file]').setInputFiles(pdf);
    await expectRole(page, 'img', { name: 'Preview 1' });
    await expectText(page, 'Page 1');
    const from = printer.bytes().length;
    await page.getByRole('button', { name: /\bPrint$/ }).click();
    const got = (await printer.waitFor(from, (b) => b.toString('latin1').endsWith('^XZ'))).toString('latin1');
    // A 4×6 in page (288×432 pt) at scale 2.7 is 778×1167 px, fitted to the 812-dot label width.
    const m = /^\^XA\^FO0,0\^GFA,(\d+),\1,102,/.exec(got);
    expect(m).not.toBeNull();
    expect(Math.round(Number(m![1]) / 102)).toBeGreaterThanOrEqual(1216);
    expect(Math.round(Number(m![1]) / 102)).toBeLessThanOrEqual(1219);
    fs.rmSync(path.dirname(pdf), { recursive: true, force: true });
  });

  it('relays a job from a sender to a receiver: it prints and both histories show it', async () => {
    const receiver = await openPrinterPage();
    await receiver.getByRole('checkbox', { name: 'Run as Receiver' }).check();
    await expectRole(receiver, 'tab', { name: 'Remote Print', selected: true });
    // Ticking fills a listen id at once; "New listen id" replaces it: wait for the new one, or the
    // sender would address the id the receiver just left.
    const idField = receiver.getByLabel('Listen id');
    await expect.poll(() => idField.inputValue(), POLL).toMatch(/^[a-z2-7]{26}$/);
    const first = await idField.inputValue();
    await receiver.getByRole('button', { name: 'New listen id' }).click();
    await expect.poll(() => idField.inputValue(), POLL).not.toBe(first);
    const listenId = await idField.inputValue();
    expect(listenId).toMatch(/^[a-z2-7]{26}$/);
    await expectText(receiver, 'Enter receiver mode');
    // The receiver's stream is open: the relay counts it.
    await expect
      .poll(() => receiver.getByLabel('Receivers connected').textContent(), POLL)
      .toBe('Receivers connected: 1');

    const { page: sender } = await openPage('/');
    await sender.goto(`${site.url}/lab/utils/zebraprinter`);
    await sender.getByRole('tab', { name: 'Remote Print' }).click();
    await sender.getByLabel('Listen id').fill(listenId);
    const zpl = `^XA^FO50,50^A0N,40,40^FDRelay ${listenId.slice(0, 6)}^FS^XZ`;
    await sender.getByLabel('ZPL', { exact: true }).fill(zpl);
    const from = printer.bytes().length;
    await sender.getByRole('button', { name: 'Send' }).click();
    await expectText(sender, 'Send out · Receivers connected: 1');
    const got = await printer.waitFor(from, (b) => b.length >= Buffer.byteLength(zpl));
    expect(got.toString('utf8')).toBe(zpl);

    for (const page of [receiver, sender]) {
      const history = page.getByRole('table', { name: 'History' });
      await expectText(history, zpl);
      await expectText(history, /^PRINTER_[A-Z0-9]{3}$/, { first: true });
      await expectText(history, /^REMOTE_[A-Z0-9]{3}$/, { first: true });
      await expectText(history, 'printed on desk');
      // A receiver was listening: no "nobody was listening" row, and the job is listed as printed.
      expect(await history.getByText('Nobody was listening', { exact: false }).count()).toBe(0);
      await expectText(page.getByRole('table', { name: 'Jobs' }), 'Printed', { exact: true });
    }
    await expectText(sender, 'Result refreshed', { first: true });
    expect(cspViolations).toEqual([]);
  });

  it('keeps a job sent while nobody listens pending, and prints it when a receiver connects', async () => {
    const { page: sender } = await openPage('/');
    await sender.goto(`${site.url}/lab/utils/zebraprinter`);
    await sender.getByRole('tab', { name: 'Remote Print' }).click();
    const idField = sender.getByLabel('Listen id');
    await sender.getByRole('button', { name: 'New listen id' }).click();
    await expect.poll(() => idField.inputValue(), POLL).toMatch(/^[a-z2-7]{26}$/);
    const listenId = await idField.inputValue();
    await expect
      .poll(() => sender.getByLabel('Receivers connected').textContent(), POLL)
      .toBe('Receivers connected: 0');
    const zpl = `^XA^FO50,50^A0N,40,40^FDWaited ${listenId.slice(0, 6)}^FS^XZ`;
    await sender.getByLabel('ZPL', { exact: true }).fill(zpl);
    await sender.getByRole('button', { name: 'Send' }).click();
    await expectText(sender, 'No receiver is listening on this id: the job is pending until a receiver connects');
    expect(await sender.getByText(/^Send out/).count()).toBe(0);
    const jobs = sender.getByRole('table', { name: 'Jobs' });
    await expectText(jobs, 'Pending', { exact: true });
    await expectText(
      sender.getByRole('table', { name: 'History' }),
      'Nobody was listening: the job is pending until a receiver connects',
    );

    // A receiver connects later with that id: it is given the job that waited, and prints it.
    const receiver = await openPrinterPage();
    await receiver.getByRole('tab', { name: 'Remote Print' }).click();
    await receiver.getByLabel('Listen id').fill(listenId);
    const from = printer.bytes().length;
    await receiver.getByRole('checkbox', { name: 'Run as Receiver' }).check();
    const got = await printer.waitFor(from, (b) => b.length >= Buffer.byteLength(zpl));
    expect(got.toString('utf8')).toBe(zpl);
    await expectText(jobs, 'Printed', { exact: true });
    await expect
      .poll(() => sender.getByLabel('Receivers connected').textContent(), POLL)
      .toBe('Receivers connected: 1');
    expect(cspViolations).toEqual([]);
  });

  it('says Printer is not ready once the agent is stopped', async () => {
    const page = await openPrinterPage();
    await agent.stop();
    try {
      await page.getByRole('button', { name: 'Check printer' }).click();
      await expect
        .poll(() => page.getByLabel(/^Browser Print connected: /).getAttribute('aria-label'), POLL)
        .toBe('Browser Print connected: no');
      await expectText(page, 'Printer is not ready', { first: true });
      await page.locator('input[type=file]').setInputFiles(path.join(corpus, 'amazon.zpl'));
      await page.getByRole('button', { name: /\bPrint$/ }).click();
      await expect.poll(() => page.getByText('Printer is not ready').count(), POLL).toBe(2);
    } finally {
      await startAgent();
    }
  });
});
