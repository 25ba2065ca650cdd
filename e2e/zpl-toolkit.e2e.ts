import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadBytes, openPage } from './support/browser';
import { expectSettled, expectText, expectVisible, POLL } from './support/expect';
import { zplEditorText } from './support/zplEditor';

/** Converts a 120 × 60 logo (black left half, white right half) in the Logo → ZPL dialog and inserts it. */
async function insertLogo(page: Page) {
  const png = new PNG({ width: 120, height: 60 });
  for (let i = 0; i < 120 * 60; i++) {
    const v = i % 120 < 60 ? 0 : 255;
    png.data.set([v, v, v, 255], i * 4);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-logo-'));
  const file = path.join(dir, 'logo.png');
  fs.writeFileSync(file, PNG.sync.write(png));
  await page.getByRole('button', { name: /Logo → ZPL/ }).click();
  const dialog = page.getByRole('dialog');
  await expectSettled(dialog);
  // The browser reads the file when it sends it: keep it until then.
  await dialog.getByLabel('Choose a PNG, JPEG or BMP image').setInputFiles(file);
  await dialog.getByRole('button', { name: 'Convert' }).click();
  await expectText(dialog.getByTestId('logo-size'), '120 × 60 dots · 900 bytes');
  fs.rmSync(dir, { recursive: true, force: true });
  await dialog.getByRole('button', { name: 'Insert into label' }).click();
}

/** Dots of the rendered label image (red channel) at the given points. */
function labelDots(img: Locator, points: Array<[number, number]>): Promise<number[]> {
  return img.evaluate((el: HTMLImageElement, pts) => {
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(el, 0, 0);
    return pts.map(([x, y]) => ctx.getImageData(x, y, 1, 1).data[0]!);
  }, points);
}

describe('ZPL toolkit', () => {
  it('Raw ZPL: a planted out-of-range ^BY is warned about at its line', async () => {
    const { page } = await openPage('/utils/base64?tab=raw');
    const zpl = '^XA\n^FO50,50^A0N,40,40^FDHello^FS\n^FO50,150^BY20^BCN,100^FD12345678^FS\n^XZ';
    await page.getByLabel('ZPL', { exact: true }).fill(zpl);
    const warning = page.getByTestId('zpl-warning');
    await expectText(warning, 'line 3, column 13');
    await expectText(warning, 'module width 20 is greater than the maximum 10; 10 is used instead');
    expect(await warning.count()).toBe(1);
    // The mark in the text sits on the value, on the third line of the editor.
    const mark = page.locator('.cm-lintRange-warning');
    await expectVisible(mark);
    expect(await mark.textContent()).toBe('20');
    const lines = page.locator('.cm-line');
    expect(await lines.nth(2).locator('.cm-lintRange-warning').count()).toBe(1);

    await page.getByRole('tab', { name: 'Data' }).click();
    await expectText(page.getByTestId('zpl-data'), 'Hello');
    await expectText(page.getByTestId('zpl-data'), 'Code 128');
  });

  it('ZPL creator: downloads an A4 sheet of 2 × 3 labels as PDF', async () => {
    const { page } = await openPage('/utils/zplcreator');
    await page.getByRole('button', { name: /test!/ }).click();
    await expect.poll(() => zplEditorText(page.getByLabel('ZPL', { exact: true })), POLL).toMatch(/^\^XA/);
    await expectVisible(page.getByTestId('label-image').first());
    await page.getByRole('checkbox', { name: 'Print on sheet' }).check();
    await expectVisible(page.getByLabel('Page size'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('label.pdf');
    const doc = await PDFDocument.load(await downloadBytes(saved));
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
  });

  it('ZPL creator: Logo → ZPL converts a PNG and the label shows it', async () => {
    const { page } = await openPage('/utils/zplcreator');
    await insertLogo(page);
    await expect
      .poll(() => zplEditorText(page.getByLabel('ZPL', { exact: true })), POLL)
      .toMatch(/^\^XA\^FO0,0\^GFA,900,900,15,/);

    const img = page.getByTestId('label-image').first();
    await expectVisible(img);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), POLL).toBe(813);
    // Dots of the rendered label: inside the black half of the logo, and past it.
    const dots = await labelDots(img, [
      [30, 30],
      [90, 30],
      [30, 80],
    ]);
    expect(dots[0]).toBeLessThan(128);
    expect(dots[1]).toBeGreaterThan(128);
    expect(dots[2]).toBeGreaterThan(128);
  });

  it('ZPL creator: Logo → ZPL puts the logo in free space of a sample label, clear of the FROM block, and says where', async () => {
    const { page } = await openPage('/utils/zplcreator');
    await page.getByRole('button', { name: 'test!' }).click();
    const editor = page.getByLabel('ZPL', { exact: true });
    await expect.poll(() => zplEditorText(editor), POLL).toContain('^FDFROM:^FS');
    await insertLogo(page);
    const placement = page.getByTestId('logo-placement');
    await expectText(placement, /^Logo placed at x \d+, y \d+ \(120 × 60 dots\) in free space of label 1, line \d+$/);
    const [, x, y] = /x (\d+), y (\d+)/.exec((await placement.textContent())!)!.map(Number);
    const zpl = await zplEditorText(editor);
    expect(zpl).toContain(`^FO${x},${y}^GFA,900,900,15,`);
    expect(zpl).not.toContain('^FO0,0^GFA');

    // The preview follows: the logo's black half at its place, its white half beside it.
    const img = page.getByTestId('label-image').first();
    await expect.poll(() => labelDots(img, [[x! + 30, y! + 30]]).then(([dot]) => dot! < 128), POLL).toBe(true);
    // Nothing else printed under it: the logo's white half (and a margin beyond it) stays blank, so
    // no field of the label (the FROM block included) lies there.
    const grid: Array<[number, number]> = [];
    for (let gx = x! + 62; gx < x! + 130; gx += 4) for (let gy = y! - 8; gy < y! + 68; gy += 4) grid.push([gx, gy]);
    expect((await labelDots(img, grid)).filter((dot) => dot < 128)).toEqual([]);
  });
});
