import { describe, expect, it } from 'vitest';
import { columnsOf, DATASET_FILES, DATASET_NAMES, importCommandOf } from './index.js';

describe('dataset file formats', () => {
  it('writes the exact import command with the file types and options', () => {
    expect(importCommandOf('hs-cn')).toBe('lab import hs-cn <file.csv|.json|.xlsx> --dataset <label>');
    expect(importCommandOf('postal-geonames')).toBe('lab import postal-geonames <allCountries.txt|CC.txt>');
    expect(importCommandOf('transactions', { version: 'GSMW14' })).toBe(
      'lab import transactions <file.csv|.json|.xlsx> --version GSMW14',
    );
    expect(importCommandOf('carrier-openapi')).toBe('lab import carrier-openapi <file.json|.yaml|dir>…');
  });

  it('lists the columns, each with what it holds', () => {
    expect(columnsOf('regions-served')).toBe(
      'columns: alpha_2, is_served, is_postal_routed, postal_digits, postal_pattern',
    );
    expect(columnsOf('carrier-openapi')).toBe('');
    for (const name of DATASET_NAMES) {
      const f = DATASET_FILES[name];
      expect(f.name).toBe(name);
      for (const c of f.columns) expect(c.description, `${name} ${c.name}`).not.toBe('');
    }
  });
});
