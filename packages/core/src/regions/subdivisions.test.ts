import { describe, expect, it } from 'vitest';
import { subdivisionName } from './subdivisions.js';
import { US_STATES } from './usStates.js';

describe('subdivisionName', () => {
  it('names Chinese provinces by their GeoNames code, in English and Chinese', () => {
    expect(subdivisionName('CN', '23')).toEqual({ name: 'Shanghai', name_cn: '上海市' });
    expect(subdivisionName('CN', '30')).toEqual({ name: 'Guangdong', name_cn: '广东省' });
    expect(subdivisionName('CN', '17')).toBeNull();
  });

  it('names every US state, DC and Puerto Rico in Chinese too', () => {
    expect(subdivisionName('US', 'NY')).toEqual({ name: 'New York', name_cn: '纽约州' });
    for (const s of US_STATES) {
      const named = subdivisionName('US', s.code);
      expect(named?.name, s.code).toBe(s.name);
      expect(named?.name_cn, s.code).toMatch(/^[\u4e00-\u9fff]+$/);
    }
  });

  it('has no name for other countries', () => {
    expect(subdivisionName('BR', '27')).toBeNull();
    expect(subdivisionName('DE', '01')).toBeNull();
  });
});
