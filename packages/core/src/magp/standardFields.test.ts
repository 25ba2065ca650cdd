import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { indexStandardFields, type StandardFieldsFile } from './fields.js';
import { standardFieldsFileSchema } from './schema.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const referenceDir = path.resolve(repoRoot, '../shared/reference');
const file: unknown = JSON.parse(fs.readFileSync(path.join(repoRoot, 'data/magp/standard-fields.json'), 'utf8'));

describe('data/magp/standard-fields.json', () => {
  it('matches the schema', () => {
    const parsed = standardFieldsFileSchema.safeParse(file);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  const data = file as StandardFieldsFile;

  it('lists each field value once, group keys once, and names a source per group', () => {
    expect(() => indexStandardFields(data)).not.toThrow();
    const keys = data.groups.map((g) => g.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const g of data.groups) expect(g.source).toMatch(/ship--Shipment-Resource\.json/);
  });

  it('has enough selectable fields to map a 40-column sheet', () => {
    const selectable = data.groups.flatMap((g) => g.fields).filter((f) => !f.disabled);
    expect(selectable.length).toBeGreaterThanOrEqual(40);
  });

  it('examples pass their own field checks (length, number, date)', async () => {
    const { checkCell } = await import('./check.js');
    for (const f of data.groups.flatMap((g) => g.fields))
      expect([f.value, checkCell(f.example, f)]).toEqual([f.value, null]);
  });

  it('every reference code is a tag of the carrier tagged transaction', () => {
    const tags = JSON.parse(fs.readFileSync(path.join(referenceDir, 'fsms/tags.json'), 'utf8')) as {
      fields: { id: number }[];
    };
    const ids = new Set(tags.fields.map((t) => String(t.id)));
    const unknown = data.groups
      .flatMap((g) => g.fields)
      .filter((f) => f.reference_code !== null && !ids.has(f.reference_code))
      .map((f) => `${f.value}=${f.reference_code}`);
    expect(unknown).toEqual([]);
  });

  it('each max length is the one the ship API document publishes for that field name', () => {
    // "Maximum length is 35", "Max Length is 9", "Maximum allowed 450 characters": the facts in
    // the descriptions of the Create Shipment document, by the last part of the field's path.
    const doc = fs.readFileSync(path.join(referenceDir, 'carrier-openapi/ship--Shipment-Resource.json'), 'utf8');
    const published = (name: string): number[] => {
      const found = new Set<number>();
      const re = new RegExp(`"${name}":\\s*\\{[^{}]*?"description":\\s*"([^"]*)"`, 'g');
      for (const m of doc.matchAll(re)) {
        for (const n of m[1]!.matchAll(
          /(?:max(?:imum)?(?: allowed)?(?: length)?(?: per line)?(?: is)?:?\s*|supports maximum of )(\d+)/gi,
        ))
          found.add(Number(n[1]));
      }
      return [...found];
    };
    const lastName = (value: string) =>
      value
        .replace(/\[\d+\]$/, '')
        .split('.')
        .at(-1)!;
    const checked: string[] = [];
    for (const f of data.groups.flatMap((g) => g.fields)) {
      if (f.maxlength === null || f.datatype === 'Date') continue;
      const name = /accountNumber/.test(f.value) ? 'value' : lastName(f.value);
      const facts = published(name);
      expect([f.value, facts]).toEqual([f.value, expect.arrayContaining([f.maxlength])]);
      checked.push(f.value);
    }
    expect(checked.length).toBeGreaterThan(20);
  });
});
