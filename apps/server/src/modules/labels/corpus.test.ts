import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { corpusFile, LABELS_BASE, postLabel, sizeAt8dpmm, ZPL_CORPUS } from '../../test/labels.js';
import { blackWhiteAgreement, decodeGray } from '../../test/images.js';

/**
 * Every label of the reference corpus, rendered through the HTTP API at 8 dpmm, against the PNG
 * the reference renderer drew: same size and ≥ 97% of pixels agreeing once cut to black/white.
 * The label size is the reference image's size in dots / 8 dpmm / 25.4 mm.
 */
const REQUIRED_AGREEMENT = 0.97;

/**
 * Labels this engine cannot draw to 97%, with the measured floor and the reason. None today: every
 * corpus label agrees 100%. A label added here must say why.
 */
const FLOORS: Record<string, { floor: number; reason: string }> = {};

/** [name, zpl file, reference png, index] — pnldpd holds two labels, each with its reference. */
const cases: Array<[string, string, string, number]> = fs
  .readdirSync(ZPL_CORPUS)
  .filter((f) => f.endsWith('.zpl'))
  .sort()
  .map((f) => {
    const stem = f.slice(0, -4);
    return [stem, f, `${stem}.png`, 0] as [string, string, string, number];
  });
for (const [stem, zpl] of [...cases]) {
  for (let page = 2; fs.existsSync(path.join(ZPL_CORPUS, `${stem}_page_${page}.png`)); page++) {
    cases.push([`${stem} (label ${page})`, zpl, `${stem}_page_${page}.png`, page - 1]);
  }
}

describe('ZPL corpus through HTTP at 8 dpmm', () => {
  let t: TestApp;
  const measured: Array<[string, number]> = [];
  beforeAll(async () => {
    // One client sends the whole corpus at once: lift the per-client and per-request limits.
    t = await buildTestApp('sqlite', { labelMaxConcurrentPerClient: 1_000, labelRequestDeadlineMs: 600_000 });
  });
  afterAll(async () => {
    await t?.close();
    const table = measured.map(([name, a]) => `${name.padEnd(34)} ${(a * 100).toFixed(2)}%`).join('\n');
    console.info(`corpus agreement (${measured.length} labels)\n${table}`);
  });

  it('covers the whole corpus', () => {
    expect(cases.length).toBeGreaterThanOrEqual(45);
  });

  it.concurrent.for(cases)('%s', async ([name, zplFile, pngFile, index], { expect }) => {
    const reference = decodeGray(corpusFile(pngFile));
    const size = sizeAt8dpmm(reference.width, reference.height);
    const res = await postLabel(t.app, `${LABELS_BASE}/8dpmm/labels/${size}/${index}/`, corpusFile(zplFile));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const rendered = decodeGray(res.rawPayload);
    expect([rendered.width, rendered.height]).toEqual([reference.width, reference.height]);
    const agreement = blackWhiteAgreement(rendered, reference);
    measured.push([name, agreement]);
    measured.sort((a, b) => a[0].localeCompare(b[0]));
    expect(agreement).toBeGreaterThanOrEqual(FLOORS[name]?.floor ?? REQUIRED_AGREEMENT);
  });
});
