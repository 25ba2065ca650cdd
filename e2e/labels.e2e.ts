import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, downloadBytes, labCli, openPage, referenceDir } from './support/browser';
import { expectText, expectVisible, POLL } from './support/expect';
import { zplEditorText } from './support/zplEditor';

const fedex = fs.readFileSync(path.join(referenceDir, 'zpl-corpus/fedex.zpl'));

/** The shown label image's natural size once it has loaded. */
async function labelImageSize(page: Page): Promise<[number, number]> {
  const img = page.getByTestId('label-image').first();
  await expectVisible(img);
  const loadState = (el: HTMLImageElement) => (!el.complete ? 'loading' : el.naturalWidth > 0 ? 'loaded' : 'broken');
  await expect.poll(() => img.evaluate(loadState), POLL).toBe('loaded');
  return img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight] as [number, number]);
}

describe('Labels', () => {
  it('Base64 ZPL: pasting a base64 label shows it rendered by our service, as PNG and as PDF', async () => {
    const { page } = await openPage('/utils/base64');
    await page.getByRole('tab', { name: 'Base64 ZPL' }).click();
    const tab = page.getByRole('tabpanel', { name: 'Base64 ZPL' });
    // As found in API responses: wrapped lines.
    await tab.getByLabel('Base64 input').fill(fedex.toString('base64').replace(/(.{76})/g, '$1\n'));
    await tab.getByRole('button', { name: 'Decode' }).click();
    await expect
      .poll(() => zplEditorText(tab.getByLabel('ZPL', { exact: true })))
      .toContain('^FO28,742^A0N,24,24^FWN^FH^FDTRK#^FS');
    expect(await labelImageSize(page)).toEqual([813, 1220]);
    await expectText(page, '1 label · 4x6 in · 8 dpmm');

    const download = page.waitForEvent('download');
    await tab.getByRole('button', { name: 'Download ZPL' }).click();
    expect((await download).suggestedFilename()).toBe('label.zpl');

    await tab.locator('label', { has: page.getByRole('radio', { name: 'PDF' }) }).click();
    const canvas = page.getByTestId('label-canvas');
    await expectVisible(canvas);
    // 4 × 6 in at 100% of 8 dpmm, shown at the default 50%.
    const width = await canvas.evaluate((el: HTMLCanvasElement) => el.width);
    expect(Math.abs(width - 406)).toBeLessThanOrEqual(2);
  });

  it('Base64 ZPL: refuses text that is not base64', async () => {
    const { page } = await openPage('/utils/base64?tab=zpl');
    await page.getByLabel('Base64 input').fill('^XA^FDnot base64^FS^XZ');
    await page.getByRole('button', { name: 'Decode' }).click();
    // Said twice, at once: under the input (while the text is the one refused) and as an error
    // notice (which stays 10 s). Each is checked where it is, instead of waiting for the notice to go.
    await expectText(page.getByTestId('base64-error'), 'invalid base64 input', { exact: true });
    await expectText(page.locator('.ant-message'), 'invalid base64 input', { exact: true });
  });

  it('Raw ZPL: a multi-label ZPL shows every label', async () => {
    const { page } = await openPage('/utils/base64?tab=raw');
    const two = fs.readFileSync(path.join(referenceDir, 'zpl-corpus/pnldpd.zpl'), 'utf8');
    await page.getByLabel('ZPL', { exact: true }).fill(two);
    await expectText(page.getByTestId('label-page'), 'Label 1 of 2');
    expect(await page.getByRole('button', { name: /Show label/ }).count()).toBe(2);
  });

  it('Base64 PDF: shows a PDF with pdf.js and saves its pages as PNG', async () => {
    const res = await fetch(`${baseUrl()}/lab/api/labels/v1/printers/8dpmm/labels/4x6/`, {
      method: 'POST',
      headers: { accept: 'application/pdf' },
      body: fedex,
    });
    expect(res.status).toBe(200);
    const pdf = Buffer.from(await res.arrayBuffer());
    const { page } = await openPage('/utils/base64?tab=pdf');
    await page.getByLabel('Base64 input').fill(`data:application/pdf;base64,${pdf.toString('base64')}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    await expectVisible(page.getByTestId('label-canvas'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'As PNG' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('document.png');
    // Page 288 × 432 pt at scale 1.5.
    const png = await downloadBytes(saved);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([432, 648]);
  });

  it('Base64 PDF: Check decodes the shown page (a label without ZPL) and draws its symbols', async () => {
    const res = await fetch(`${baseUrl()}/lab/api/labels/v1/printers/8dpmm/labels/4x6/`, {
      method: 'POST',
      headers: { accept: 'application/pdf' },
      body: fedex,
    });
    const pdf = Buffer.from(await res.arrayBuffer());
    const { page } = await openPage('/utils/base64?tab=pdf');
    await page.getByLabel('Base64 input').fill(pdf.toString('base64'));
    await page.getByRole('button', { name: 'Preview' }).click();
    await expectVisible(page.getByTestId('label-canvas'));
    await page.getByRole('button', { name: /Check/ }).click();
    await expectText(page.getByTestId('check-summary'), 'Every symbol checks out (2)');
    const lines = await page.getByTestId('check-symbol').allTextContents();
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['✓PDF417', '✓Code']);
    expect(lines[1]).toContain('9632080400200044387500271053820000');
    expect(await page.getByTestId('check-box').count()).toBe(2);
  });

  it('ZPL creator: test! fills in a sample label and previews it', async () => {
    const { page } = await openPage('/utils/zplcreator');
    await page.getByRole('button', { name: /test!/ }).click();
    await expect.poll(() => zplEditorText(page.getByLabel('ZPL', { exact: true }))).toMatch(/^\^XA/);
    expect(await labelImageSize(page)).toEqual([813, 1220]);
    const tracking = (await page.getByTestId('sample-tracking').textContent())!.replace('tracking ', '');
    expect(await zplEditorText(page.getByLabel('ZPL', { exact: true }))).toContain(`^FD>;${tracking}^FS`);
  });

  it('lab zpl render writes a PNG from stdin and fails with exit 2 on bad ZPL', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-cli-'));
    const out = path.join(dir, 'label.png');
    const badOut = path.join(dir, 'bad.png');
    // Two independent runs of the command, at the same time.
    const [ok, bad] = await Promise.all([
      labCli(['zpl', 'render', '-', '-o', out], { input: fedex }),
      labCli(['zpl', 'render', '-', '-o', badOut], { input: 'not zpl' }),
    ]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(`wrote ${out} (PNG, label 1 of 1)\n`);
    expect(fs.readFileSync(out).readUInt32BE(16)).toBe(813);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('lab: Error rendering: no labels parsed\n');
    expect(fs.existsSync(badOut)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
