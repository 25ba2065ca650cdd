import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LISTED_VALUES, listValues, schemaRuleOf } from './schemaRule.js';

describe('schemaRuleOf', () => {
  it('keeps the keyword and writes each param as text', () => {
    expect(schemaRuleOf({ keyword: 'required', params: { missingProperty: 'countryCode' } })).toEqual({
      keyword: 'required',
      params: { missingProperty: 'countryCode' },
    });
    expect(schemaRuleOf({ keyword: 'maxLength', params: { limit: 35 } })).toEqual({
      keyword: 'maxLength',
      params: { limit: '35' },
    });
    expect(schemaRuleOf({ keyword: 'enum', params: { allowedValues: ['FDXE', 'FDXG'] } })).toEqual({
      keyword: 'enum',
      params: { allowedValues: 'FDXE, FDXG' },
    });
    expect(schemaRuleOf({ keyword: 'const', params: { allowedValue: { a: 1 } } }).params).toEqual({
      allowedValue: '{"a":1}',
    });
  });

  it('lists at most LISTED_VALUES allowed values, then says how many there are', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 99 }), { minLength: 1, maxLength: 40 }), (values) => {
        const text = listValues(values);
        const shown = values.slice(0, LISTED_VALUES).join(', ');
        expect(text).toBe(values.length > LISTED_VALUES ? `${shown}, … (${values.length} values)` : shown);
      }),
    );
  });
});
