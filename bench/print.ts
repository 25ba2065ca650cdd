// Browser Print: time from Send (a click on the screen) to the last byte at the printer, locally
// (page → lab print-agent → TCP printer) and through the relay (sender page → server → realtime
// bus → receiver page → agent → printer). System Chromium, the built server, a TCP listener as the
// printer. The totals are taken in this process (the click is issued, the listener notes the last
// byte) and include Playwright's click overhead; the stages and the "click event" lines use the
// pages' own clocks (resource timing, epoch ms) and leave it out.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { count, freePort, repoRoot, report, smoke, startServer, summarize } from './support.ts';
import { launchChromium } from './support/browser.ts';

const ROUNDS = count(20, 1, 'PRINT_BENCH_ROUNDS');
const WARMUP = count(2, 0);

// The printer: counts bytes and wakes whoever waits for a count.
let received = 0;
let waiter: { until: number; resolve: (at: number) => void } | undefined;
const printer = net.createServer((socket) =>
  socket.on('data', (chunk) => {
    received += chunk.length;
    if (waiter && received >= waiter.until) {
      const w = waiter;
      waiter = undefined;
      w.resolve(performance.now());
    }
  }),
);
await new Promise<void>((r) => printer.listen(0, '127.0.0.1', r));
const printerPort = (printer.address() as net.AddressInfo).port;
const bytesArrive = (count: number) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the printer did not get the job in 20 s')), 20_000);
    waiter = {
      until: received + count,
      resolve: (at) => {
        clearTimeout(timer);
        resolve(at);
      },
    };
  });

const agentPort = await freePort();
const server = await startServer({ PRINT_AGENT_ORIGINS: `http://127.0.0.1:${agentPort}` });
const agent = spawn(
  process.execPath,
  [
    path.join(repoRoot, 'apps/server/bin/lab.js'),
    'print-agent',
    '--port',
    String(agentPort),
    '--printer',
    `desk=tcp://127.0.0.1:${printerPort}`,
    '--allow-origin',
    server.baseUrl,
  ],
  { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve) => agent.stdout!.on('data', (d: Buffer) => d.includes('listening') && resolve()));
const agentUrl = `http://127.0.0.1:${agentPort}`;

const browser = await launchChromium();

async function printerPage(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${server.baseUrl}/lab/utils/zebraprinter`);
  await page.getByLabel('Browser Print base URL').fill(agentUrl);
  await page.getByLabel('Default printer available: yes').waitFor();
  return page;
}

try {
  // Local: a corpus ZPL file, Print → bytes at the printer.
  const local = await printerPage();
  const file = path.join(repoRoot, '../shared/reference/zpl-corpus/amazon.zpl');
  const size = fs.statSync(file).size;
  await local.locator('input[type=file]').setInputFiles(file);
  await local.getByText(/\d+ labels? · 4x6 in/).waitFor();
  // In the page: when the click event fired, and the /write request's start and end.
  // (Page code as text: the bench compiles without the DOM library.)
  await local.evaluate(`document.addEventListener('click', (e) => (window.clickAt = e.timeStamp), true)`);
  const localMs: number[] = [];
  const clickToRequest: number[] = [];
  const requestMs: number[] = [];
  const clickToPrinter: number[] = [];
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    const arrived = bytesArrive(size);
    const t0 = performance.now();
    await local.getByRole('button', { name: /\bPrint$/ }).click();
    const t1 = await arrived;
    await local.getByRole('button', { name: /\bPrint$/, disabled: false }).waitFor();
    const inPage = (await local.evaluate(`(() => {
      const w = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/write')).pop();
      return { click: window.clickAt, start: w.startTime, end: w.responseEnd, origin: performance.timeOrigin };
    })()`)) as { click: number; start: number; end: number; origin: number };
    const printedAtLocal = Date.now() - (performance.now() - t1);
    if (i < WARMUP) continue;
    localMs.push(t1 - t0);
    clickToRequest.push(inPage.start - inPage.click);
    clickToPrinter.push(printedAtLocal - (inPage.origin + inPage.click));
    requestMs.push(inPage.end - inPage.start);
  }
  const l = summarize(localMs);
  report(`local print (${size} B ZPL), Print → printer, p50`, l.p50, 'ms');
  report(`local print, p95 (n=${l.n})`, l.p95, 'ms');
  report('  in page: click event → /write request, p50', summarize(clickToRequest).p50, 'ms');
  report('  in page: /write request → agent answered, p50', summarize(requestMs).p50, 'ms');
  report('  click event in page → last byte at printer, p50', summarize(clickToPrinter).p50, 'ms');
  report('  click event in page → last byte at printer, p95', summarize(clickToPrinter).p95, 'ms');

  // Relay: sender page → server → receiver page → agent → printer.
  // A smoke run lets the local page receive too (a cold page open is ~3 s of Chromium's CPU).
  const receiver = smoke ? local : await printerPage();
  await receiver.getByRole('checkbox', { name: 'Run as Receiver' }).check();
  await receiver.getByRole('button', { name: 'New listen id' }).click();
  await receiver.getByText('Receiving jobs for this listen id').waitFor();
  const listenId = await receiver.getByLabel('Listen id').inputValue();
  const sender = await (await browser.newContext()).newPage();
  await sender.goto(`${server.baseUrl}/lab/utils/zebraprinter`);
  await sender.getByRole('tab', { name: 'Remote Print' }).click();
  await sender.getByLabel('Listen id').fill(listenId);
  // Wall-clock stages (epoch ms on this machine, the same clock in both pages and here): the click
  // in the sender, its POST /jobs, the receiver's /write to the agent, the last byte at the printer.
  await sender.evaluate(`document.addEventListener('click', (e) => (window.clickAt = e.timeStamp), true)`);
  const lastEntry = (suffix: string) => `(() => {
      const e = performance.getEntriesByType('resource').filter((x) => x.name.endsWith('${suffix}')).pop();
      return { click: performance.timeOrigin + (window.clickAt ?? 0), start: performance.timeOrigin + e.startTime,
        end: performance.timeOrigin + e.responseEnd };
    })()`;
  type Stage = { click: number; start: number; end: number };
  const relayMs: number[] = [];
  const stages = {
    click: [] as number[],
    post: [] as number[],
    deliver: [] as number[],
    agent: [] as number[],
    total: [] as number[],
  };
  for (let i = 0; i < ROUNDS + WARMUP; i++) {
    const zpl = `^XA^FO50,50^A0N,40,40^FDrelay ${String(i).padStart(4, '0')}^FS^XZ`;
    await sender.getByLabel('ZPL', { exact: true }).fill(zpl);
    const arrived = bytesArrive(zpl.length);
    const t0 = performance.now();
    await sender.getByRole('button', { name: /Send$/ }).click();
    const t1 = await arrived;
    const printedAt = Date.now() - (performance.now() - t1);
    await sender.getByRole('button', { name: /Send$/, disabled: false }).waitFor();
    const post = (await sender.evaluate(lastEntry('/jobs'))) as Stage;
    const write = (await receiver.evaluate(lastEntry('/write'))) as Stage;
    if (i < WARMUP) continue;
    relayMs.push(t1 - t0);
    stages.click.push(post.start - post.click);
    stages.post.push(post.end - post.start);
    stages.deliver.push(write.start - post.start);
    stages.agent.push(printedAt - write.start);
    stages.total.push(printedAt - post.click);
  }
  const r = summarize(relayMs);
  report('remote print through the relay, Send → printer, p50', r.p50, 'ms');
  report(`remote print through the relay, p95 (n=${r.n})`, r.p95, 'ms');
  report('  sender: click event → POST /jobs, p50', summarize(stages.click).p50, 'ms');
  report('  sender: POST /jobs answered (store + publish), p50', summarize(stages.post).p50, 'ms');
  report('  POST /jobs start → receiver /write start, p50', summarize(stages.deliver).p50, 'ms');
  report('  receiver /write start → last byte at printer, p50', summarize(stages.agent).p50, 'ms');
  report('  click event in sender → last byte at printer, p50', summarize(stages.total).p50, 'ms');
  report('  click event in sender → last byte at printer, p95', summarize(stages.total).p95, 'ms');
} finally {
  await browser.close();
  agent.kill('SIGTERM');
  await server.stop();
  printer.close();
}
