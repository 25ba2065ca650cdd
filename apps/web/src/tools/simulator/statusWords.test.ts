// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { statusTag, statusWords } from './statusWords';

describe('the Simulator status tags', () => {
  it('are in the reader’s language by code; an unknown code shows the description as sent', () => {
    expect(statusTag(statusWords.en, { code: 'OC', description: 'Label created' })).toBe('Label created (OC)');
    expect(statusTag(statusWords.zh, { code: 'OC', description: 'Label created' })).toBe('已创建标签 (OC)');
    expect(statusTag(statusWords.zh, { code: 'DL', description: 'Delivered' })).toBe('已签收 (DL)');
    expect(statusTag(statusWords.zh, { code: 'XX', description: 'Something new' })).toBe('Something new (XX)');
  });
});
