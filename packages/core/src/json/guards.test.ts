import { describe, expect, it } from 'vitest';
import { asArray, asObject, asText, isObject, nonBlank } from './index.js';

describe('JSON guards', () => {
  it('isObject: plain objects only', () => {
    expect(isObject({})).toBe(true);
    expect(isObject({ a: 1 })).toBe(true);
    expect(isObject([])).toBe(false);
    expect(isObject(null)).toBe(false);
    expect(isObject(undefined)).toBe(false);
    expect(isObject('x')).toBe(false);
    expect(isObject(1)).toBe(false);
  });

  it('asObject / asArray: the value, or a fresh empty one', () => {
    const o = { a: 1 };
    const a = [1];
    expect(asObject(o)).toBe(o);
    expect(asObject([1])).toEqual({});
    expect(asObject(null)).toEqual({});
    expect(asObject(undefined)).not.toBe(asObject(undefined));
    expect(asArray(a)).toBe(a);
    expect(asArray({ 0: 1 })).toEqual([]);
    expect(asArray('ab')).toEqual([]);
  });

  it('asText: strings as is, numbers as text, else the fallback', () => {
    expect(asText('')).toBe('');
    expect(asText(' a ')).toBe(' a ');
    expect(asText(12.5)).toBe('12.5');
    expect(asText(0)).toBe('0');
    expect(asText(null)).toBe('');
    expect(asText(true, '-')).toBe('-');
    expect(asText({}, 'x')).toBe('x');
  });

  it('nonBlank: a string with something besides whitespace, untrimmed', () => {
    expect(nonBlank(' a ')).toBe(' a ');
    expect(nonBlank('')).toBeUndefined();
    expect(nonBlank(' \n\t')).toBeUndefined();
    expect(nonBlank(1)).toBeUndefined();
  });
});
