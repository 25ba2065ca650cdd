import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { downloadBytes, downloadOnClick, labCli, openPage, referenceDir } from './support/browser';
import { expectSettled, expectText, expectVisible, POLL } from './support/expect';

/**
 * Issue 44: two releases of one document in FAPI Doc. The carrier's Postal Code Validation document
 * is imported under a name of its own (and a path of its own, so the simulator and the other files'
 * documents are untouched) as release r1, then a hand-made r2 with three breaking changes and one
 * non-breaking one; FAPI Doc compares them and filters to the breaking ones.
 */
const NAME = 'release-check--ValidatePostal-Resource';
const OLD_PATH = '/country/v1/postal/validate';
const PATH = '/release-check/v1/postal/validate';
const OP = `POST ${PATH}`;

type Json = Record<string, any>;

function releases(): { r1: Json; r2: Json } {
  const text = fs.readFileSync(
    path.join(referenceDir, 'carrier-openapi/postal-code-validation--ValidatePostal-Resource.json'),
    'utf8',
  );
  const r1 = JSON.parse(text) as Json;
  r1.paths = { [PATH]: r1.paths[OLD_PATH] };
  const r2 = structuredClone(r1);
  r2.info.version = '1.1.0';
  const full = r2.components.schemas['FullSchema-ValidatePostal'];
  full.properties.carrierCode.enum = ['FDXE', 'FDXG', 'FXSP', 'FDXC']; // FXCC gone: request enum narrowed
  full.properties.postalCode.maxLength = 10; // request limit narrowed
  full.required.push('routingCode'); // optional → required
  r2.components.schemas.ValidatePostalOutputVO.properties.countyName = { type: 'string' }; // response field added
  return { r1, r2 };
}

async function importRelease(doc: Json, label: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-e2e-releases-'));
  try {
    const file = path.join(dir, `${NAME}.json`);
    fs.writeFileSync(file, JSON.stringify(doc));
    return await labCli(['import', 'carrier-openapi', file, '--release', label]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('FAPI Doc releases', () => {
  it('compares two imported releases of a document, marks the tree and filters the change list to breaking changes', async () => {
    const { r1, r2 } = releases();
    const first = await importRelease(r1, 'r1');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^carrier-openapi: 1 document: 1 added, 0 new releases, 0 unchanged\n/);
    const second = await importRelease(r2, 'r2');
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^carrier-openapi: 1 document: 0 added, 1 new release, 0 unchanged\n/);

    const { page } = await openPage(`/api/fapidoc?api=${NAME}&op=${encodeURIComponent(OP)}`);
    const tree = page.getByRole('tree', { name: 'Request' });
    await expectVisible(tree.locator('[data-path="carrierCode"]'));

    // The release picker: newest first, the current one tagged.
    await page.getByRole('combobox', { name: 'Release' }).click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect.poll(() => options.count(), POLL).toBe(2);
    const texts = await options.allTextContents();
    expect(texts[0]).toMatch(/^r2 · 1\.1\.0 · imported \d{4}-\d\d-\d\d \d\d:\d\dcurrent$/);
    expect(texts[1]).toMatch(/^r1 · 1\.0\.0 · imported \d{4}-\d\d-\d\d \d\d:\d\d$/);
    await page.keyboard.press('Escape');

    // Compare with r1.
    await page.getByRole('combobox', { name: 'Compare with…' }).click();
    const r1Option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^r1 ·/ });
    await expectSettled(r1Option);
    await r1Option.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('compare'), POLL).toMatch(/^\d+$/);

    const carrier = tree.locator('[data-path="carrierCode"]');
    await expectText(carrier.locator('.fd-mark-changed'), 'changed');
    await expectText(tree.locator('[data-path="routingCode"] .fd-mark-changed'), 'changed');
    await carrier.locator('.fd-mark-changed').hover();
    await expectText(
      page.getByTestId('change-tip'),
      'values were removed from a request enum: the client may send one: FDXE, FDXG, FXSP, FDXC, FXCC → FDXE, FDXG, FXSP, FDXC',
    );

    const list = page.locator('.fd-changes');
    await expectText(page, 'Changes from r1 to r2');
    await expectText(page, '3 breaking, 1 non-breaking, 0 doc-only');
    await page.getByText('Breaking only').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('breaking'), POLL).toBe('1');
    const rows = list.locator('tr.ant-table-row');
    await expect.poll(() => rows.count(), POLL).toBe(3);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'))
          .map((td) => td.textContent)
          .join(' | '),
      ),
    );
    expect(cells).toEqual([
      `${OP} | request | carrierCode | FDXE, FDXG, FXSP, FDXC, FXCC → FDXE, FDXG, FXSP, FDXC | breaking | request.enum-narrowedvalues were removed from a request enum: the client may send one`,
      `${OP} | request | postalCode | maxLength — → maxLength 10 | breaking | request.limit-narroweda request limit got stricter: values the client sends may be refused`,
      `${OP} | request | routingCode |  | breaking | request.made-requiredan optional request field became required`,
    ]);

    const md = (await downloadBytes(await downloadOnClick(page, page.getByRole('button', { name: 'Export Markdown' }))))
      .toString('utf8')
      .split('\n');
    expect(md.slice(0, 3)).toEqual([`# ${NAME}: r1 → r2`, '', '3 breaking, 1 non-breaking, 0 doc-only']);
    expect(md.filter((l) => l.startsWith('| breaking |'))).toHaveLength(3);
  });
});
