import fs from 'node:fs';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import iconv from 'iconv-lite';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadBytes, downloadOnClick, openPage, repoRoot } from './support/browser';
import { expectSettled, expectText, expectVisible, POLL } from './support/expect';

/** A screenshot of what a person sees, kept in e2e/artifacts/ for the change's note. */
async function screenshotTo(page: Page, name: string) {
  const dir = path.join(repoRoot, 'e2e/artifacts');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, name) });
}

const LONG_CITY = 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch'; // 58 characters, max 35

function xlsxFile(rows: unknown[][]): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Customers');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
}

/** Picks a standard field in a column's header dropdown by typing its value. */
async function chooseField(page: Page, column: string, value: string) {
  const box = page.getByRole('combobox', { name: `Column ${column} field` });
  await box.click();
  await box.fill(value);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: value }).first();
  await expectSettled(option); // the dropdown slides in: click once it stands still
  await option.click();
}

async function readWorkbook(download: Download) {
  const wb = XLSX.read(await downloadBytes(download), { type: 'buffer' });
  return {
    sheets: wb.SheetNames,
    rows: XLSX.utils.sheet_to_json<string[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: '' }),
  };
}

type Shape =
  { fill: string; rect: [number, number, number, number] } | { fill: string; text: string; at: [number, number] };

/** A PNG drawn by the page's canvas: white, then the shapes (text in 64 px sans-serif). */
async function paintedPng(page: Page, width: number, height: number, shapes: Shape[]): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ width, height, shapes }) => {
      const c = document.createElement('canvas');
      c.width = width;
      c.height = height;
      const ctx = c.getContext('2d')!;
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      ctx.font = '64px sans-serif';
      for (const s of shapes) {
        ctx.fillStyle = s.fill;
        if ('rect' in s) ctx.fillRect(...s.rect);
        else ctx.fillText(s.text, ...s.at);
      }
      return c.toDataURL('image/png');
    },
    { width, height, shapes },
  );
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('MAGP batch', () => {
  it('maps three columns of an .xlsx, flags the over-long one and exports <name>_magpTemplate.xlsx', async () => {
    const { page } = await openPage('/utils/magpbatch');
    await upload(
      page,
      'customers.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      xlsxFile([
        ['Company', 'Contact', 'City', 'Note'],
        ['Acme', 'Ann Lee', 'Memphis', 'x'],
        ['Globex', 'Bo Chen', LONG_CITY, 'y'],
        ['Initech', 'Cy Wu', 'Paris', 'z'],
      ]),
    );
    await expectText(page.getByTestId('magp-file-info'), 'customers.xlsx · 4 rows × 4 columns');
    await expectText(page.getByTestId('magp-state-2'), 'no check');

    await chooseField(page, 'A', 'recipient.contact.companyName');
    await chooseField(page, 'B', 'recipient.contact.personName');
    await chooseField(page, 'C', 'recipient.address.city');
    await expectText(page.getByTestId('magp-state-0'), 'no error');
    await expectText(page.getByTestId('magp-state-1'), 'no error');
    await expectText(page.getByTestId('magp-state-2'), '1 error');
    await expectText(page.getByTestId('magp-state-3'), 'no check');
    await expectText(page.getByTestId('excess'), '+23');

    const file = await downloadOnClick(page, page.getByRole('button', { name: 'Export' }));
    expect(file.suggestedFilename()).toBe('customers_magpTemplate.xlsx');
    expect(await readWorkbook(file)).toEqual({
      sheets: ['MAGP'],
      rows: [
        ['recipient.contact.companyName', 'recipient.contact.personName', 'recipient.address.city'],
        ['Acme', 'Ann Lee', 'Memphis'],
        ['Globex', 'Bo Chen', LONG_CITY],
        ['Initech', 'Cy Wu', 'Paris'],
      ],
    });
    // Export resets the screen.
    await expect.poll(() => page.getByTestId('magp-grid').count(), POLL).toBe(0);
  });

  it('reads a GBK-encoded .csv from Chinese Excel and exports the guide', async () => {
    const { page } = await openPage('/utils/magpbatch');
    const longAddress = '北京市朝阳区建国门外大街一号国贸大厦三期写字楼八十八层东侧第一间办公室（前台）';
    const csv = `公司;联系人;地址\r\n顺丰速运;张三;"${longAddress}"\r\n"中通, 快递";李四;上海市浦东新区\r\n`;
    await upload(page, '客户.csv', 'text/csv', iconv.encode(csv, 'gbk'));
    await expectText(page.getByTestId('magp-file-info'), '客户.csv · 3 rows × 3 columns · read as GBK');
    await expectText(page.getByRole('gridcell', { name: '中通, 快递' }), '中通, 快递');

    await chooseField(page, 'A', 'shipper.contact.companyName');
    await chooseField(page, 'B', 'shipper.contact.personName');
    await chooseField(page, 'C', 'shipper.address.streetLines[0]');
    await expectText(page.getByTestId('magp-state-2'), '1 error');
    await page.getByRole('switch', { name: 'add data type row' }).click();

    const file = await downloadOnClick(page, page.getByRole('button', { name: 'Export' }));
    expect(file.suggestedFilename()).toBe('客户_magpGuide.xlsx');
    expect(await readWorkbook(file)).toEqual({
      sheets: ['MAGP'],
      rows: [
        ['shipper.contact.companyName', 'shipper.contact.personName', 'shipper.address.streetLines[0]'],
        ['String(35)', 'String(70)', 'String(35)'],
        ['顺丰速运', '张三', longAddress],
        ['中通, 快递', '李四', '上海市浦东新区'],
      ],
    });
  });
  it('lays the grid out at 1366×900: pickers on top, each row beside its number, the 1st row greyed when deleted', async () => {
    const { page } = await openPage('/utils/magpbatch');
    const rows = [
      ['Company', 'City', 'Weight'],
      ...Array.from({ length: 5 }, (_, i) => [`Co${i + 1}`, `City${i + 1}`, `${i + 1}`]),
    ];
    await upload(
      page,
      'layout.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      xlsxFile(rows),
    );
    await expectText(page.getByTestId('magp-file-info'), 'layout.xlsx · 6 rows × 3 columns');
    await chooseField(page, 'A', 'recipient.contact.companyName');
    await expectText(page.getByTestId('magp-state-0'), 'no error');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count(), POLL).toBe(0);

    const grid = page.getByTestId('magp-grid');
    const layout = await grid.evaluate((el) => {
      const top = (e: Element) => Math.round(e.getBoundingClientRect().top);
      const header = el.querySelector('[role=columnheader]')!;
      const bodyRows = Array.from(el.querySelectorAll('[role=row][aria-rowindex]')).map((row) => {
        const cell = row.querySelector('[role=gridcell]')!;
        const box = cell.getBoundingClientRect();
        // What a person sees at the middle of the row's first cell (not covered by the pickers).
        const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return {
          number: row.querySelector('[role=rowheader]')!.textContent,
          numberTop: top(row.querySelector('[role=rowheader]')!),
          cellTop: top(cell),
          cell: cell.textContent,
          visible: seen === cell || cell.contains(seen),
        };
      });
      return {
        gridTop: top(el),
        headerTop: top(header),
        headerBottom: Math.round(header.getBoundingClientRect().bottom),
        bodyRows,
      };
    });
    // The pickers sit at the top of the grid: no blank band above them.
    expect(layout.headerTop - layout.gridTop).toBeLessThanOrEqual(1);
    // Every row, the customer's header row first and the last row too, is beside its own number and not under the pickers.
    expect(layout.bodyRows.map((r) => [r.number, r.cell, r.visible])).toEqual(
      rows.map((r, i) => [String(i + 1), r[0], true]),
    );
    for (const r of layout.bodyRows) expect(r.cellTop).toBe(r.numberTop);
    expect(layout.bodyRows[0]!.cellTop).toBeGreaterThanOrEqual(layout.headerBottom);

    // The customer's header row looks deleted while the switch is on, and like data when it is off.
    const firstRow = page.locator('[role=row][aria-rowindex="1"]');
    const look = () =>
      firstRow.evaluate((el) => ({ deleted: el.getAttribute('data-deleted'), opacity: getComputedStyle(el).opacity }));
    expect(await look()).toEqual({ deleted: 'true', opacity: '0.45' });
    await screenshotTo(page, 'magp-1366x900.png');
    await page.getByRole('switch', { name: 'delete 1st row of your template' }).click();
    await expect.poll(look, POLL).toEqual({ deleted: null, opacity: '1' });
  });
});

describe('ETD image', () => {
  it('crops an uploaded PNG to Signature recommended and downloads signature_100x25.png at 100×25', async () => {
    const { page } = await openPage('/utils/etdimage');
    await expect.poll(() => page.getByRole('switch', { name: 'Lock Size' }).isDisabled(), POLL).toBe(true);
    const png = await paintedPng(page, 640, 360, [{ fill: '#1d39c4', text: 'J. Smith', at: [120, 200] }]);
    await upload(page, 'signature-scan.png', 'image/png', png);

    await page.getByText('Signature', { exact: true }).click();
    await expect.poll(() => page.getByRole('switch', { name: 'Recommended Size' }).isChecked(), POLL).toBe(true);
    await expectText(page.getByTestId('etd-output-size'), 'Output 100×25 PNG');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const downloadButton = page.getByRole('button', { name: 'Download' });
    await expect.poll(() => downloadButton.isEnabled(), POLL).toBe(true);
    await expectVisible(page.getByTestId('etd-preview'));

    const file = await downloadOnClick(page, downloadButton);
    expect(file.suggestedFilename()).toBe('signature_100x25.png');
    expect(pngSize(await downloadBytes(file))).toEqual([100, 25]);
  });

  it('zooms a 600×200 signature out until the whole image fits the locked 100×25 frame, and downloads all of it', async () => {
    const { page } = await openPage('/utils/etdimage');
    // Red left third, white middle, blue right third: the result shows whether all of it is there.
    const bands = await paintedPng(page, 600, 200, [
      { fill: '#ff0000', rect: [0, 0, 200, 200] },
      { fill: '#0000ff', rect: [400, 0, 200, 200] },
    ]);
    await upload(page, 'signature-600x200.png', 'image/png', bands);
    await page.getByText('Signature', { exact: true }).click();
    await page.getByRole('switch', { name: 'Lock Size' }).click();
    await expectText(page.getByTestId('etd-zoom'), 'Zoom 100 %');
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 30 && (await zoomOut.isEnabled()); i++) await zoomOut.click();
    await expectText(page.getByTestId('etd-zoom'), 'Zoom 13 % (whole image)');
    // The frame shows the whole image: 75×25 px of picture inside the 100×25 frame.
    const [frame, picture] = await Promise.all([
      page.locator('.reactEasyCrop_CropArea').boundingBox(),
      page.locator('.reactEasyCrop_Image').boundingBox(),
    ]);
    expect(frame).toMatchObject({ width: 100, height: 25 });
    expect(picture!.x).toBeGreaterThanOrEqual(frame!.x - 0.5);
    expect(picture!.x + picture!.width).toBeLessThanOrEqual(frame!.x + frame!.width + 0.5);
    expect(picture!.y).toBeGreaterThanOrEqual(frame!.y - 0.5);
    expect(picture!.y + picture!.height).toBeLessThanOrEqual(frame!.y + frame!.height + 0.5);
    await screenshotTo(page, 'etd-image-1366x900.png');

    const file = await downloadOnClick(page, page.getByRole('button', { name: 'Download' }));
    expect(file.suggestedFilename()).toBe('signature_100x25.png');
    const png = await downloadBytes(file);
    expect(pngSize(png)).toEqual([100, 25]);
    // Pixels along the middle row: transparent margin, red, white, blue, transparent margin.
    const row = await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = 100;
      c.height = 25;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const px = (x: number) => Array.from(ctx.getImageData(x, 12, 1, 1).data);
      return { left: px(4), red: px(25), white: px(50), blue: px(75), right: px(95) };
    }, png.toString('base64'));
    expect(row).toEqual({
      left: [0, 0, 0, 0],
      red: [255, 0, 0, 255],
      white: [255, 255, 255, 255],
      blue: [0, 0, 255, 255],
      right: [0, 0, 0, 0],
    });
  });

  it('alerts with the allowed types for another file type', async () => {
    const { page } = await openPage('/utils/etdimage');
    await upload(page, 'logo.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    await expectText(page.getByRole('alert'), 'Only gif, jpg, jpeg, png and bmp images are allowed');
  });
});
