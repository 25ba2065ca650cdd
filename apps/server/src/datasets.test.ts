import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_FILES, DATASET_NAMES } from '@lab/core/datasets';
import { labModules } from './modules/index.js';
import { repoRoot } from './paths.js';
import { freshDatabaseConfig, runLab } from './test/helpers.js';

const examples = path.join(repoRoot, 'data/examples');
const datasets = labModules.flatMap((m) => m.datasets ?? []);

// Dialect-neutral: what the import command prints; the datasets' SQL is covered by their modules' suites.
describe('lab import: help, example files, bad files', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-import-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('every dataset declares its file format and ships an example file', () => {
    expect(datasets.map((d) => d.name).sort()).toEqual([...DATASET_NAMES].sort());
    for (const d of datasets) {
      expect(d.format?.name, d.name).toBe(d.name);
      expect(fs.existsSync(path.join(examples, DATASET_FILES[d.format!.name].exampleFile)), d.name).toBe(true);
    }
  });

  it.each(DATASET_NAMES.map((n) => [n]))('data/examples of %s imports cleanly into a fresh database', async (name) => {
    const { config: database, drop } = await freshDatabaseConfig('sqlite');
    try {
      const format = DATASET_FILES[name];
      const options = Object.entries(format.exampleOptions).flatMap(([k, v]) => [`--${k}`, v]);
      const run = await runLab(['import', name, path.join(examples, format.exampleFile), ...options], { database });
      expect(run.err).toEqual([]);
      expect(run.code).toBe(0);
    } finally {
      await drop();
    }
  });

  it('`lab import <dataset> --help` lists the columns and an example row', async () => {
    const run = await runLab(['import', 'regions-served', '--help']);
    expect(run.code).toBe(0);
    const help = run.out.join('\n');
    expect(help).toContain('Usage: lab import [options] <dataset> <file...>');
    expect(help.slice(help.indexOf('regions-served: '))).toBe(
      [
        'regions-served: which countries the carrier serves and routes by postal code (Search Regions)',
        '',
        '  lab import regions-served <file.csv|.json|.xlsx>',
        '',
        'columns:',
        '  alpha_2           ISO 3166-1 alpha-2 country code',
        '  is_served         YES, NO or empty (no data)',
        '  is_postal_routed  YES, NO or empty (no data)',
        '  postal_digits     digits of a postal code (1-99) or empty',
        '  postal_pattern    regular expression of a postal code, or empty',
        '',
        'example row:',
        '  alpha_2,is_served,is_postal_routed,postal_digits,postal_pattern',
        '  NZ,YES,YES,4,^\\d{4}$',
        '',
        'example file: data/examples/regions-served.csv',
      ].join('\n'),
    );
    const postal = (await runLab(['import', 'postal-geonames', '--help'])).out.join('\n');
    expect(postal).toContain('  lab import postal-geonames <allCountries.txt|CC.txt>');
    expect(postal).toContain('  CN\t200000\tExample Town\tShanghai\t23\t\t\t\t\t31.2222\t121.4581\t4');
    const any = (await runLab(['import', '--help'])).out.join('\n');
    expect(any).toContain("`lab import <dataset> --help` shows a dataset's columns and an example row.");
  });

  it('a bad file reports every bad row up to 20, then how many more', async () => {
    const { config: database, drop } = await freshDatabaseConfig('sqlite');
    try {
      const file = path.join(dir, 'served.csv');
      const bad = Array.from({ length: 23 }, (_, i) => `Q${i},MAYBE,,,`);
      fs.writeFileSync(
        file,
        ['alpha_2,is_served,is_postal_routed,postal_digits,postal_pattern', 'NZ,YES,,,', ...bad].join('\n'),
      );
      const run = await runLab(['import', 'regions-served', file], { database });
      expect(run.code).toBe(2);
      expect(run.err).toEqual([
        `rejected ${file}: 23 row(s) invalid, nothing imported`,
        ...bad
          .slice(0, 20)
          .map(
            (_, i) =>
              `  row ${i + 2}: alpha_2: not an ISO 3166-1 alpha-2 country code; is_served: expected YES, NO or empty, got "MAYBE"`,
          ),
        '  … and 3 more',
      ]);
    } finally {
      await drop();
    }
  });
});
