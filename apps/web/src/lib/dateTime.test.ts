// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dateTimeIn } from './dateTime';

describe('dateTimeIn', () => {
  it('writes an instant as YYYY-MM-DD HH:mm:ss in the zone, and keeps text that is no date', () => {
    expect(dateTimeIn('Asia/Shanghai')('2026-11-22T01:02:03.000Z')).toBe('2026-11-22 09:02:03');
    expect(dateTimeIn('UTC')('2026-11-22T23:59:59Z')).toBe('2026-11-22 23:59:59');
    expect(dateTimeIn('UTC')('not a date')).toBe('not a date');
  });
});
