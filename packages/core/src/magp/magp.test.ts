import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCell, columnState, isIsoDate, NO_CHECK, textLength } from './check.js';
import type { StandardField } from './fields.js';
import { buildMagpRows, datatypeText, MAGP_SHEET_NAME, magpFileName } from './template.js';

const field = (value: string, datatype: StandardField['datatype'], maxlength: number | null): StandardField => ({
  value,
  label: value,
  datatype,
  description: `${value} description`,
  description_cn: `${value} 说明`,
  example: '',
  maxlength,
  reference_code: null,
  disabled: false,
});
const city = field('recipient.address.city', 'String', 35);
const weight = field('requestedPackageLineItems.weight.value', 'Number', null);
const shipDate = field('requestedShipment.shipDatestamp', 'Date', 10);
const fields = new Map([city, weight, shipDate].map((f) => [f.value, f]));

describe('checkCell', () => {
  it('flags a too-long cell with the number of extra characters', () => {
    expect(checkCell('x'.repeat(35), city)).toBeNull();
    expect(checkCell('x'.repeat(38), city)).toEqual({ kind: 'length', excess: 3 });
    // Characters, not UTF-16 units: 35 CJK characters fit, an emoji counts once.
    expect(checkCell('北'.repeat(35), city)).toBeNull();
    expect(checkCell('😀'.repeat(36), city)).toEqual({ kind: 'length', excess: 1 });
  });

  it('checks numbers and YYYY-MM-DD dates where the datatype says', () => {
    expect(checkCell('68.25', weight)).toBeNull();
    expect(checkCell(' -3 ', weight)).toBeNull();
    expect(checkCell('1e3', weight)).toBeNull();
    expect(checkCell('12kg', weight)).toEqual({ kind: 'number' });
    expect(checkCell('2024-02-29', shipDate)).toBeNull();
    expect(checkCell('2023-02-29', shipDate)).toEqual({ kind: 'date' });
    expect(checkCell('05/20/2024', shipDate)).toEqual({ kind: 'date' });
    expect(checkCell('2024-05-200', shipDate)).toEqual({ kind: 'length', excess: 1 });
    expect(checkCell('', weight)).toBeNull();
  });

  it('property: a String cell has an issue exactly when it is longer than maxlength, by the excess', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.integer({ min: 1, max: 50 }), (text, max) => {
        const issue = checkCell(text, { datatype: 'String', maxlength: max });
        const n = textLength(text);
        expect(issue).toEqual(n > max ? { kind: 'length', excess: n - max } : null);
      }),
    );
  });

  it('property: every number JavaScript prints passes the Number check', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(checkCell(String(x), weight)).toBeNull();
      }),
    );
  });

  it('property: every real date printed as YYYY-MM-DD is a date; the day after the month end is not', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (d) => {
        expect(isIsoDate(d.toISOString().slice(0, 10))).toBe(true);
        const y = d.getUTCFullYear();
        const m = d.getUTCMonth() + 1;
        const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
        expect(isIsoDate(`${y}-${String(m).padStart(2, '0')}-${last + 1}`)).toBe(false);
      }),
    );
  });
});

describe('columnState', () => {
  const rows = [
    ['City', 'Weight'],
    ['Memphis', '2'],
    ['x'.repeat(40), 'two'],
    ['Shanghai', ''],
  ];
  it('is -1 without a field, 0 with no error, else the number of cells in error', () => {
    expect(columnState(rows, 0, undefined)).toBe(NO_CHECK);
    expect(columnState(rows, 0, city)).toBe(1);
    expect(columnState(rows, 1, weight)).toBe(2);
    // Skipping the source header row (deleted from the template).
    expect(columnState(rows, 1, weight, 1)).toBe(1);
    expect(columnState([['Memphis']], 0, city)).toBe(0);
  });
});

describe('the MAGP template', () => {
  it('is named after the source: _magpTemplate.xlsx, or _magpGuide.xlsx with guide rows', () => {
    expect(magpFileName('customers.xlsx', false)).toBe('customers_magpTemplate.xlsx');
    expect(magpFileName('客户 2024.v2.csv', true)).toBe('客户 2024.v2_magpGuide.xlsx');
    expect(magpFileName('noext', false)).toBe('noext_magpTemplate.xlsx');
    expect(MAGP_SHEET_NAME).toBe('MAGP');
  });

  const rows = [
    ['Name', 'Town', 'Kg'],
    ['A', 'Memphis', '1'],
    ['B', 'Paris', '2'],
  ];
  const base = {
    rows,
    headers: [null, city.value, weight.value],
    addOns: [],
    deleteFirstRow: false,
    dataTypeRow: false,
    descriptionRow: false,
    fields,
  };

  it('keeps the mapped columns in source order under their field values', () => {
    expect(buildMagpRows(base)).toEqual([
      [city.value, weight.value],
      ['Town', 'Kg'],
      ['Memphis', '1'],
      ['Paris', '2'],
    ]);
  });

  it('deletes the first row, adds guide rows and empty add-on columns', () => {
    expect(
      buildMagpRows({
        ...base,
        addOns: [shipDate.value, 'myOwnColumn', city.value],
        deleteFirstRow: true,
        dataTypeRow: true,
        descriptionRow: true,
      }),
    ).toEqual([
      [city.value, weight.value, shipDate.value, 'myOwnColumn'],
      ['String(35)', 'Number', 'Date(10)', ''],
      [city.description, weight.description, shipDate.description, ''],
      ['Memphis', '1', '', ''],
      ['Paris', '2', '', ''],
    ]);
    expect(datatypeText(undefined)).toBe('');
  });

  it('is nothing when there is no data or every header is empty', () => {
    expect(buildMagpRows({ ...base, rows: [] })).toBeNull();
    expect(buildMagpRows({ ...base, headers: [null, null, null], addOns: ['x'] })).toBeNull();
  });
});
